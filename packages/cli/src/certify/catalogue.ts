// The requirement catalogue: one JSON file per audience under `requirements/`. The certification
// guide renders its checklists from the same files, and every requirement has exactly one check.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_DOCS_URL } from '../contract-verdict.js';
import { CliError } from '../errors.js';
import type { Audience } from '../trigger/targets.js';

export interface Requirement {
  /** Stable id: `POS-ORD-03`. Never reused for a different requirement. */
  readonly id: string;
  readonly title: string;
  readonly severity: 'must' | 'should';
  /** The operation or event the requirement is about, in the contract of `api`. */
  readonly contract: { readonly api: Audience; readonly operationId?: string; readonly event?: string };
  /** The guide section that explains it: a site path with an anchor. */
  readonly guide: string;
  /** `partner`: certify calls the partner. `sandbox`: the partner calls the sandbox, which certify watches. */
  readonly via: 'partner' | 'sandbox';
}

export interface Catalogue {
  readonly audience: Audience;
  readonly title: string;
  readonly requirements: readonly Requirement[];
}

const here = dirname(fileURLToPath(import.meta.url));

function catalogueFile(audience: Audience): string {
  // From src/certify (source) or dist (bundled): the requirements folder sits at the package root.
  const candidates = [join(here, '..', '..', 'requirements', `${audience}.json`), join(here, '..', 'requirements', `${audience}.json`)];
  const found = candidates.find((file) => existsSync(file));
  if (found === undefined) throw new CliError('spec_missing', `The ${audience} requirement catalogue is missing (looked in ${candidates.join(', ')}). Reinstall stream-partner.`);
  return found;
}

export function loadCatalogue(audience: Audience): Catalogue {
  return JSON.parse(readFileSync(catalogueFile(audience), 'utf8')) as Catalogue;
}

/** The public site the guide links point at; `STREAM_DOCS_URL` overrides it (a local build, say). */
export { DEFAULT_DOCS_URL };

export function guideUrl(requirement: Requirement, docsUrl = DEFAULT_DOCS_URL): string {
  return `${docsUrl.replace(/\/$/, '')}${requirement.guide}`;
}

/** The API reference page for the requirement's contract, with a deep link to the operation or event. */
export function referenceUrl(requirement: Requirement, docsUrl = DEFAULT_DOCS_URL): string {
  const page = { pos: 'become-a-pos', dsp: 'become-a-dsp', events: 'integrate-with-events' }[requirement.contract.api];
  const anchor = requirement.contract.operationId !== undefined ? `operation/${requirement.contract.operationId}` : `webhook/${requirement.contract.event}`;
  return `${docsUrl.replace(/\/$/, '')}/api/${page}#${anchor}`;
}
