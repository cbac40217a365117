import type { ReactNode } from 'react';
import styles from './tabs.module.css';

export interface TabItem {
  value: string;
  label: string;
  content: ReactNode;
}

interface Props {
  /** Unique in the page: the radio group name. */
  name: string;
  /** What the tabs choose between, for assistive technology. */
  label: string;
  items: readonly TabItem[];
  /** Tabs with the same group switch together (and with the guides' Tabs of that groupId). */
  groupId?: string;
}

/**
 * Tabs built from radio inputs, so switching works with CSS alone and the server HTML needs no
 * hydration; a few lines of page script keep tabs of one groupId in step.
 */
export default function Tabs({ name, label, items, groupId }: Props) {
  return (
    <div className={styles.tabs} role="radiogroup" aria-label={label}>
      {items.map((item, index) => {
        const id = `${name}-${item.value}`;
        return [
          <input
            key={`${id}-input`}
            className={styles.radio}
            type="radio"
            name={name}
            id={id}
            value={item.value}
            defaultChecked={index === 0}
            data-tab-group={groupId}
          />,
          <label key={`${id}-label`} className={styles.label} htmlFor={id}>
            {item.label}
          </label>,
          <div key={`${id}-panel`} className={styles.panel}>
            {item.content}
          </div>,
        ];
      })}
    </div>
  );
}
