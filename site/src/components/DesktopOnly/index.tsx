import { useRef, useState, type ReactNode } from 'react';
import { useWindowSize } from '@docusaurus/theme-common';
import { KEEP_SERVER_HTML, useServerHtml } from '@site/src/lib/serverHtml';
import styles from './styles.module.css';

/** Infima hides the desktop sidebar and table of contents at this width and below, as useWindowSize's 'mobile' does. */
const PHONE_MAX_WIDTH = 996;

/**
 * For a part of the page that CSS hides on a phone (the docs sidebar, the table of contents beside
 * the text): a page first opened that narrow keeps the server's HTML of it instead of hydrating it,
 * so none of its components render or run their effects. Once the window is desktop-wide the part
 * renders for real, and stays rendered. The host element has no box of its own, so the part lays
 * out as if it were its parent's child.
 */
export default function DesktopOnly({ children }: { children: ReactNode }): ReactNode {
  const windowSize = useWindowSize();
  const serverHtml = useServerHtml<HTMLDivElement>();
  const [hiddenAtLoad] = useState(() => serverHtml.keep && window.innerWidth <= PHONE_MAX_WIDTH);
  const shownOnDesktop = useRef(false);
  if (windowSize === 'desktop') shownOnDesktop.current = true;
  if (hiddenAtLoad && !shownOnDesktop.current) {
    return <div ref={serverHtml.ref} className={styles.host} dangerouslySetInnerHTML={KEEP_SERVER_HTML} suppressHydrationWarning />;
  }
  return (
    <div ref={serverHtml.ref} className={styles.host}>
      {children}
    </div>
  );
}
