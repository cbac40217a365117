import type { ReactNode } from 'react';
import TOCDesktop from '@theme-original/DocItem/TOC/Desktop';
import DesktopOnly from '@site/src/components/DesktopOnly';

/**
 * The table of contents beside the text, which CSS hides on a phone. Mounted there, its scroll
 * tracking measured every heading of the page once hydration finished (a layout of the whole
 * page) just before the theme removed it for the phone's collapsible copy; a page first opened on
 * a phone keeps its server HTML instead.
 */
export default function DocItemTOCDesktop(): ReactNode {
  return (
    <DesktopOnly>
      <TOCDesktop />
    </DesktopOnly>
  );
}
