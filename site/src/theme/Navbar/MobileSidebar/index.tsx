import { useEffect, useState, type ReactNode } from 'react';
import { useNavbarMobileSidebar } from '@docusaurus/theme-common/internal';
import MobileSidebar from '@theme-original/Navbar/MobileSidebar';

/** Events that say the reader is about to open the menu: a touch, a press, a pointer over it, keyboard focus. */
const INTENT_EVENTS = ['pointerdown', 'pointerover', 'focusin'] as const;

/**
 * On a phone the classic theme renders the whole (hidden) navigation menu, every guide of the
 * sidebar included, right after hydration, in one task. Rendering it when the browser was idle
 * still made a long task in the seconds a phone takes to settle. Here the menu renders when the
 * reader reaches for its button (a touch or press starts before the click that opens it, so the
 * menu is there to slide in), and at once for a reader who opens it some other way.
 */
export default function MobileSidebarWrapper(): ReactNode {
  const { shouldRender, shown } = useNavbarMobileSidebar();
  const [ready, setReady] = useState(false);

  useEffect(() => {
    if (!shouldRender || ready) return undefined;
    const onIntent = (event: Event) => {
      if (event.target instanceof Element && event.target.closest('.navbar__toggle')) setReady(true);
    };
    for (const type of INTENT_EVENTS) document.addEventListener(type, onIntent, { capture: true, passive: true });
    return () => {
      for (const type of INTENT_EVENTS) document.removeEventListener(type, onIntent, { capture: true });
    };
  }, [shouldRender, ready]);

  return ready || shown ? <MobileSidebar /> : null;
}
