import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import logger from '@docusaurus/logger';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { normalizeUrl } from '@docusaurus/utils';
import { API_REFERENCES } from '../../src/constants';
import { fragmentPath } from '../../src/components/ApiReferencePage/constants';
import { buildReferenceModel, type ReferenceModel } from '../../src/lib/openapi/referenceModel';
import { loadEmbeddedSpec, loadPartnerSpec, type LoadedSpec } from './loadSpec';
import { extractReferenceFragment } from './fragment';

/**
 * Renders the four API references at build time. Each spec becomes a plain-JSON page model
 * that only the server bundle imports; the page's static HTML carries the whole reference, a
 * copy of its body is written as a fragment for client-side navigation, and the bundled specs
 * are written next to them for download.
 */

export interface Options {
  /** `specs/dist`, where `npm run specs:bundle` writes the bundled specs. */
  specsDistDir: string;
  /** Fetch the partner spec from this URL (PARTNER_API_SPEC_URL). */
  partnerSpecUrl?: string;
  /** Fail instead of falling back when the remote partner spec is unusable (PARTNER_API_SPEC_STRICT). */
  partnerSpecStrict?: boolean;
  partnerSpecTimeoutMs?: number;
}

const PAGE_COMPONENT = '@site/src/components/ApiReferencePage';

/** The specs of the four references, in API_REFERENCES order: the remote or embedded partner spec, then the embedded others. */
export async function loadSpecs(options: Options, log = { info: logger.info, warn: logger.warn }): Promise<LoadedSpec[]> {
  return Promise.all(
    API_REFERENCES.map(({ spec }) =>
      spec === 'partner'
        ? loadPartnerSpec({
            url: options.partnerSpecUrl,
            strict: options.partnerSpecStrict,
            timeoutMs: options.partnerSpecTimeoutMs,
            specsDistDir: options.specsDistDir,
            logger: log,
          })
        : Promise.resolve(loadEmbeddedSpec(options.specsDistDir, spec)),
    ),
  );
}

/** A built page is `<route>/index.html`, or `<route>.html` when trailingSlash is false. */
async function readBuiltPage(outDir: string, route: string): Promise<string> {
  try {
    return await readFile(join(outDir, route, 'index.html'), 'utf8');
  } catch {
    return readFile(join(outDir, `${route.replace(/\/$/, '')}.html`), 'utf8');
  }
}

function parseOptions(raw: unknown): Options {
  const options = (raw ?? {}) as Partial<Options>;
  if (typeof options.specsDistDir !== 'string') throw new Error('api-reference plugin: specsDistDir (the specs/dist directory) is required.');
  if (options.partnerSpecUrl !== undefined && typeof options.partnerSpecUrl !== 'string') {
    throw new Error('api-reference plugin: partnerSpecUrl must be a string.');
  }
  return {
    specsDistDir: options.specsDistDir,
    partnerSpecUrl: options.partnerSpecUrl,
    partnerSpecStrict: options.partnerSpecStrict === true,
    partnerSpecTimeoutMs: options.partnerSpecTimeoutMs,
  };
}

export default function apiReferencePlugin(context: LoadContext, rawOptions: unknown): Plugin {
  const options = parseOptions(rawOptions);
  // Set by loadContent, read by the later lifecycle methods of the same build.
  let specs: LoadedSpec[] = [];
  const generatedDir = join(context.generatedFilesDir, 'api-reference');
  const modelsFile = join(generatedDir, 'models.json');
  const serverEntry = join(context.siteDir, 'src/components/ApiReferencePage/serverEntry.tsx');
  const clientStub = join(context.siteDir, 'src/components/ApiReferencePage/clientStub.ts');

  return {
    name: 'api-reference',

    getClientModules() {
      return [join(context.siteDir, 'src/components/ApiReferencePage/referenceFragment.ts')];
    },

    getPathsToWatch() {
      return [join(options.specsDistDir, '*.json')];
    },

    async loadContent() {
      specs = await loadSpecs(options);
    },

    async contentLoaded({ actions }) {
      const models: Record<string, ReferenceModel> = {};
      for (const spec of specs) models[spec.api] = buildReferenceModel(spec.doc, spec.api);
      await mkdir(generatedDir, { recursive: true });
      await writeFile(modelsFile, JSON.stringify(models));
      for (const reference of API_REFERENCES) {
        const model = models[reference.spec];
        actions.addRoute({
          path: normalizeUrl([context.baseUrl, reference.route]),
          component: PAGE_COMPONENT,
          exact: true,
          props: {
            api: reference.spec,
            title: `${reference.label} reference`,
            description: `${model.title} ${model.version}: every operation, webhook and schema, with examples and code samples.`,
          },
        });
      }
    },

    configureWebpack(_config, isServer) {
      // Production browsers get a stub: they keep the server HTML and never need the models.
      const full = isServer || process.env.NODE_ENV !== 'production';
      return { resolve: { alias: { '@api-reference/server': full ? serverEntry : clientStub } } };
    },

    async postBuild({ outDir, routesPaths }) {
      await mkdir(join(outDir, 'openapi'), { recursive: true });
      for (const spec of specs) {
        await writeFile(join(outDir, 'openapi', `${spec.api}.yaml`), spec.yaml);
        await writeFile(join(outDir, 'openapi', `${spec.api}.json`), spec.json);
      }
      for (const reference of API_REFERENCES) {
        const route = normalizeUrl([context.baseUrl, reference.route]);
        if (!routesPaths.includes(route)) continue;
        const fragment = extractReferenceFragment(await readBuiltPage(outDir, route.slice(context.baseUrl.length)));
        const target = join(outDir, fragmentPath(reference.spec));
        await mkdir(dirname(target), { recursive: true });
        await writeFile(target, fragment);
      }
    },
  };
}
