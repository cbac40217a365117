/** Markers shared by the page, its server entry and the plugin that cuts the static fragment. */
export const ROOT_ID = 'api-reference';
export const END_ID = 'api-reference-end';
export const ROOT_CLASS = 'api-reference-root';
/** The checkbox that opens the contents below 997px; page script closes it after a jump. */
export const NAV_TOGGLE_ID = 'api-reference-nav-toggle';

/** Where the plugin writes each spec's reference body, fetched on client-side navigation. */
export function fragmentPath(api: string): string {
  return `/api-reference/${api}.html`;
}
/** Set on the root once a client-side navigation lands on one of its anchors: every block is laid out, as `:target` does on a full load. */
export const ANCHORED_ATTRIBUTE = 'data-anchored';
