import { API_REFERENCES, PRODUCT_SLUG } from '../../constants';

/**
 * The audiences search results are grouped and filtered by. The build tags every indexed page
 * with them (plugins/search-index) and the dialog offers them as filters, so both read this list.
 */
export const AUDIENCES = [
  { id: 'POS', label: 'POS' },
  { id: 'DSP', label: 'DSP' },
  { id: 'Events', label: 'Events' },
  { id: 'White-label', label: 'White-label' },
  { id: 'General', label: 'Authentication & general' },
  { id: 'Reference', label: 'API reference' },
] as const;

export type AudienceId = (typeof AUDIENCES)[number]['id'];

/** The Pagefind filter the audiences are stored under. */
export const AUDIENCE_FILTER = 'audience';
/** The Pagefind metadata key holding a page's one group, the heading it is listed under. */
export const GROUP_META = 'group';

export interface PageAudience {
  /** The heading a result from this page is listed under. */
  group: AudienceId;
  /** Every filter that should find the page: an API reference is also its integrators' page. */
  filters: AudienceId[];
}

const GUIDE_PREFIXES: readonly [string, AudienceId][] = [
  [`/docs/become-a-${PRODUCT_SLUG}-integration/integrate-with-${PRODUCT_SLUG}-as-a-pos/`, 'POS'],
  [`/docs/become-a-${PRODUCT_SLUG}-integration/integrate-with-${PRODUCT_SLUG}-as-a-dsp/`, 'DSP'],
  [`/docs/become-a-${PRODUCT_SLUG}-integration/integrate-with-${PRODUCT_SLUG}-events/`, 'Events'],
  // The catalog standard is the format a POS serves its catalog in.
  ['/docs/catalog-standard/', 'POS'],
  [`/docs/white-label-${PRODUCT_SLUG}/`, 'White-label'],
];

const SPEC_AUDIENCES: Record<(typeof API_REFERENCES)[number]['spec'], AudienceId> = {
  partner: 'General',
  dsp: 'DSP',
  pos: 'POS',
  events: 'Events',
};

function withSlash(path: string): string {
  return path.endsWith('/') ? path : `${path}/`;
}

/**
 * The audience of a page from its path (without the base URL), or undefined for a page that
 * is neither a guide nor an API reference and so is not searched.
 */
export function audienceOf(path: string): PageAudience | undefined {
  const normalized = withSlash(path);
  const reference = API_REFERENCES.find((candidate) => withSlash(candidate.route) === normalized);
  if (reference) return { group: 'Reference', filters: ['Reference', SPEC_AUDIENCES[reference.spec]] };
  // `/docs` itself only redirects to the intro.
  if (!normalized.startsWith('/docs/') || normalized === '/docs/') return undefined;
  const guide = GUIDE_PREFIXES.find(([prefix]) => normalized.startsWith(prefix));
  const group = guide ? guide[1] : 'General';
  return { group, filters: [group] };
}
