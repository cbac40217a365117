import { END_ID, ROOT_ID } from '../../src/components/ApiReferencePage/constants';

/**
 * Cuts the reference body out of a built page: the inner HTML of the `#api-reference` element,
 * which ends right before the `#api-reference-end` marker the page renders after it. The HTML
 * minifier may drop attribute quotes, so both spellings are matched.
 */
export function extractReferenceFragment(html: string): string {
  const open = new RegExp(`<div[^>]*\\sid="?${ROOT_ID}"?[\\s>][^>]*>|<div[^>]*\\sid="?${ROOT_ID}"?>`).exec(html);
  const end = new RegExp(`</div>\\s*<span[^>]*\\sid="?${END_ID}"?[\\s>]`).exec(html);
  if (!open || !end || end.index < open.index) {
    throw new Error(`The built page has no #${ROOT_ID} element followed by #${END_ID}.`);
  }
  return html.slice(open.index + open[0].length, end.index);
}
