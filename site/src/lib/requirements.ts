// The certification catalogue as the guides show it: the rows `<RequirementList>` renders and the
// Markdown copy writes, read from the JSON `stream-partner certify` runs, so the three never differ.
import dspCatalogue from '../../../packages/cli/requirements/dsp.json';
import eventsCatalogue from '../../../packages/cli/requirements/events.json';
import versioning from '../../../packages/cli/requirements/catalogue.json';
import posCatalogue from '../../../packages/cli/requirements/pos.json';

export type Audience = 'pos' | 'dsp' | 'events';

export interface Requirement {
  id: string;
  title: string;
  severity: string;
  contract: { api: string; operationId?: string; event?: string };
  guide: string;
  via: string;
}

export interface RequirementRow {
  readonly requirement: Requirement;
  /** The API reference anchor of the operation or event the requirement checks. */
  readonly contract: { readonly to: string; readonly label: string };
}

const CATALOGUES: Record<Audience, { requirements: Requirement[] }> = { pos: posCatalogue, dsp: dspCatalogue, events: eventsCatalogue };
const REFERENCE_PAGES: Record<Audience, string> = { pos: '/api/become-a-pos', dsp: '/api/become-a-dsp', events: '/api/integrate-with-events' };

/** The requirements of one audience (optionally only those checked `via` the partner or the sandbox), in catalogue order. */
export function requirementRows(audience: string, via?: string): RequirementRow[] {
  if (!Object.hasOwn(CATALOGUES, audience)) throw new Error(`<RequirementList audience="${audience}">: no such audience (pos, dsp, events).`);
  const page = REFERENCE_PAGES[audience as Audience];
  return CATALOGUES[audience as Audience].requirements
    .filter((requirement) => via === undefined || requirement.via === via)
    .map((requirement) => {
      const { operationId, event } = requirement.contract;
      const contract = operationId !== undefined ? { to: `${page}#operation/${operationId}`, label: operationId } : { to: `${page}#webhook/${event ?? ''}`, label: event ?? '' };
      return { requirement, contract };
    });
}

export interface CatalogueChange {
  version: string;
  announced: string;
  effective: string;
  kind: string;
  ids: string[];
  summary: string;
}

/** A catalogue version Stream published, and its day. */
export interface PublishedVersion {
  version: string;
  day: string;
}

/** The catalogue's version, every version published, the notice a new or tightened rule gets, and its changelog, newest first, as certify reads them. */
export function catalogueChanges(): { version: string; published: PublishedVersion[]; noticeDays: number; changes: CatalogueChange[] } {
  return versioning;
}
