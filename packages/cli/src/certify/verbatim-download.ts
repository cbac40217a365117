// DSP-MNU-01's rule on the link itself: `menu_file_url` is requested exactly as location.publish gave
// it. The sandbox refuses a link with a parameter it did not put there; this names the change too (a
// dropped or reordered parameter, or one the sandbox would take), comparing the request's path and query
// with the link's, as written or as an HTTP client normalizes it (WHATWG URL parsing).
import { verbatimLinkMark } from '../verbatim-link.js';
import { findOperation } from '../openapi.js';

/** The rule's name as the contract states it, for CERTIFY_RULES and the catalogue. */
export const MENU_LINK_FETCHED_VERBATIM = 'menu-link-fetched-verbatim';

function forms(link: string): string[] {
  const written = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*(.*)$/i.exec(link)?.[1] ?? link;
  try {
    const parsed = new URL(link);
    return [written, `${parsed.pathname}${parsed.search}`];
  } catch {
    return [written];
  }
}

/** Why the DSP's request for `link` (its path and query, as the sandbox recorded it) is not the link, or `undefined`. */
export function changedLinkIssue(options: { link: string; requested: string }): string | undefined {
  const { link, requested } = options;
  const rule = verbatimLinkMark(findOperation('dsp', 'getMenuFile'))?.rule ?? MENU_LINK_FETCHED_VERBATIM;
  if (forms(link).includes(requested)) return undefined;
  return `[${rule}] the DSP requested ${requested.slice(0, 300)} for the menu_file_url ${link.slice(0, 300)}: the query string was changed`;
}
