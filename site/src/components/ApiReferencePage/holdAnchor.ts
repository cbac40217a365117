import { ANCHORED_ATTRIBUTE, ROOT_ID } from './constants';

/**
 * Scrolls to the reference anchor a client-side navigation landed on, with every block laid out.
 * The router moves with `history.pushState`, which does not set `:target`, so the stylesheet's
 * `:has(:target)` rule would not lay the blocks out: those above the anchor would then take their
 * real height after the jump and carry the anchor off the screen. Returns whether it found the anchor.
 */
export function holdAnchor(hash: string): boolean {
  if (!hash) return false;
  const root = document.getElementById(ROOT_ID);
  const target = document.getElementById(decodeURIComponent(hash.slice(1)));
  if (!root || !target || !root.contains(target)) return false;
  root.setAttribute(ANCHORED_ATTRIBUTE, '');
  target.scrollIntoView();
  return true;
}
