import { useRef, useState, type ReactNode } from 'react';
import { useWindowSize } from '@docusaurus/theme-common';
import type { Props } from '@theme/DocSidebar';
import DocSidebarDesktop from '@theme/DocSidebar/Desktop';
import DocSidebarMobile from '@theme/DocSidebar/Mobile';
import { KEEP_SERVER_HTML, useServerHtml } from '@site/src/lib/serverHtml';
import styles from './styles.module.css';

/** Infima hides the desktop sidebar at this width and below, as useWindowSize's 'mobile' does. */
const PHONE_MAX_WIDTH = 996;

/**
 * The server renders the desktop sidebar, and below 997px the layout's CSS hides it. The classic
 * theme unmounts it as soon as a phone hydrates, which removes a few hundred elements in one task
 * for nothing the reader sees; here it stays, and a page first opened that narrow keeps the
 * server's HTML of it instead of hydrating every category and link (half of a guide's hydration
 * on a phone). It renders for real once the window is desktop-wide; the mobile menu gets its copy
 * as usual.
 */
export default function DocSidebar(props: Props): ReactNode {
  const windowSize = useWindowSize();
  const serverHtml = useServerHtml<HTMLDivElement>();
  const [hiddenAtLoad] = useState(() => serverHtml.keep && window.innerWidth <= PHONE_MAX_WIDTH);
  const shownOnDesktop = useRef(false);
  if (windowSize === 'desktop') shownOnDesktop.current = true;
  const keep = hiddenAtLoad && !shownOnDesktop.current;
  return (
    <>
      {keep ? (
        <div ref={serverHtml.ref} className={styles.host} dangerouslySetInnerHTML={KEEP_SERVER_HTML} suppressHydrationWarning />
      ) : (
        <div ref={serverHtml.ref} className={styles.host}>
          <DocSidebarDesktop {...props} />
        </div>
      )}
      {windowSize === 'mobile' && <DocSidebarMobile {...props} />}
    </>
  );
}
