import { LAZY_BLOCK_CLASS } from '../lib/lazyBlock';

/** The part of Docusaurus' route-update arguments this module reads. */
interface RouteUpdate {
  location: { hash: string };
  previousLocation: unknown;
}

/**
 * A guide lays out each block only when it is scrolled near (`.lazy-block` in custom.css), and
 * until then holds its place with a placeholder a little taller than the block. When a client-side
 * navigation lands on a heading, every block above it (and the section holding it, for an h3 grouped
 * with its text) is laid out and the heading scrolled to again, so it stays put instead of drifting
 * up as those blocks take their real height. A direct
 * load or an in-page link is covered by the stylesheet's `:target` rule.
 */
export function onRouteDidUpdate({ location, previousLocation }: RouteUpdate): void {
  if (!previousLocation || !location.hash) return;
  const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
  if (!target?.closest('.theme-doc-markdown')) return;
  let laidOut = false;
  for (const block of Array.from(document.querySelectorAll<HTMLElement>(`.theme-doc-markdown .${LAZY_BLOCK_CLASS}`))) {
    // Blocks come in document order: stop at the first one neither above nor around the heading.
    if (!(block.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_FOLLOWING)) break;
    block.style.contentVisibility = 'visible';
    laidOut = true;
  }
  if (laidOut) target.scrollIntoView();
}
