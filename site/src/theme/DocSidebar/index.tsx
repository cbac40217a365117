import type { ReactNode } from 'react';
import { useWindowSize } from '@docusaurus/theme-common';
import type { Props } from '@theme/DocSidebar';
import DocSidebarDesktop from '@theme/DocSidebar/Desktop';
import DocSidebarMobile from '@theme/DocSidebar/Mobile';
import DesktopOnly from '@site/src/components/DesktopOnly';

/**
 * The server renders the desktop sidebar, and below 997px the layout's CSS hides it. The classic
 * theme unmounts it as soon as a phone hydrates, which removes a few hundred elements in one task
 * for nothing the reader sees; here it stays, and a page first opened on a phone keeps its server
 * HTML instead of hydrating every category and link (half of a guide's hydration). The mobile menu
 * gets its copy as usual.
 */
export default function DocSidebar(props: Props): ReactNode {
  const windowSize = useWindowSize();
  return (
    <>
      <DesktopOnly>
        <DocSidebarDesktop {...props} />
      </DesktopOnly>
      {windowSize === 'mobile' && <DocSidebarMobile {...props} />}
    </>
  );
}
