import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { useNavbarMobileSidebar } from '@docusaurus/theme-common/internal';
import MobileSidebar from '@theme-original/Navbar/MobileSidebar';
import { afterLoad, whenIdle } from '../../../lib/idle';

/**
 * On a phone the classic theme renders the whole (hidden) navigation menu, every guide of the
 * sidebar included, right after hydration, in one task. Here the menu renders once the page has
 * loaded and the browser is idle, as a transition React can interrupt, so it is ready (and slides
 * in) by the time a reader opens it; a reader who opens it sooner gets it at once.
 */
export default function MobileSidebarWrapper(): ReactNode {
  const { shouldRender, shown } = useNavbarMobileSidebar();
  const [ready, setReady] = useState(false);

  useEffect(() => {
    if (!shouldRender || ready) return undefined;
    let cancelled = false;
    afterLoad(() =>
      whenIdle(() => {
        if (!cancelled) startTransition(() => setReady(true));
      }),
    );
    return () => {
      cancelled = true;
    };
  }, [shouldRender, ready]);

  return ready || shown ? <MobileSidebar /> : null;
}
