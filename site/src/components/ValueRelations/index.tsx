import Link from '@docusaurus/Link';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import type { ValueRelationsData } from '@site/src/lib/openapi/relations';
import type { ReactNode } from 'react';
import styles from './styles.module.css';

interface Props {
  /** One of the partner-hosted specs: pos, dsp, events. */
  spec: string;
  /** Comma-separated requirement ids whose relations to show, such as `POS-REL-01,POS-REL-03`. */
  requirements: string;
  /** Filled in at build time by the remark-spec-components plugin; authors never write it. */
  data?: string;
}

/** The contract's sentences mark names with backticks, as Markdown does: show those as code. */
function withCode(text: string): ReactNode[] {
  return text.split('`').map((part, index) => (index % 2 === 1 ? <code key={index}>{part}</code> : part));
}

/**
 * The values an answer must keep, as the contract states them in `x-stream-relations`: each with
 * its requirement id (an anchor that certify's report links to), the sentence, where it applies
 * and the machine form certify and the sandbox judge.
 */
export default function ValueRelations({ data }: Props) {
  const brokenLinks = useBrokenLinks();
  if (data === undefined) {
    throw new Error('<ValueRelations> got no data: the remark-spec-components plugin is not registered for this page.');
  }
  const { rows } = JSON.parse(data) as ValueRelationsData;
  for (const row of rows) brokenLinks.collectAnchor(row.requirement.toLowerCase());
  return (
    <ul className={styles.list}>
      {rows.map((row) => (
        <li key={row.requirement} id={row.requirement.toLowerCase()} className={styles.relation}>
          <Link to={`/docs/become-a-stream-integration/certification#${row.requirement.toLowerCase()}`}>
            <code>{row.requirement}</code>
          </Link>{' '}
          {withCode(row.statement)}
          <div className={styles.detail}>
            Applies to {row.where}. In the contract: {withCode(row.rule)}.
          </div>
        </li>
      ))}
    </ul>
  );
}
