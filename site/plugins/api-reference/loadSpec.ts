import { readFileSync } from 'node:fs';
import { BaseResolver, createConfig, lintFromString, parseYaml, stringifyYaml, type Source } from '@redocly/openapi-core';
import { bundledSpecPath, readBundledSpec } from '../../src/lib/openapi/bundledSpecs';
import type { OpenApiDocument } from '../../src/lib/openapi/types';

export interface SpecLogger {
  info(message: string): void;
  warn(message: string): void;
}

/** A spec ready to render and to offer for download. */
export interface LoadedSpec {
  api: string;
  doc: OpenApiDocument;
  yaml: string;
  json: string;
  /** Where it came from: the remote URL, or the bundled file. */
  source: string;
}

export interface PartnerSpecOptions {
  /** `PARTNER_API_SPEC_URL`: fetch the partner spec from here instead of using the embedded copy. */
  url?: string;
  /** `PARTNER_API_SPEC_STRICT`: fail the build instead of falling back when the remote spec is unusable. */
  strict?: boolean;
  timeoutMs?: number;
  /** Directory of the bundled specs (`specs/dist`). */
  specsDistDir: string;
  logger: SpecLogger;
}

export const DEFAULT_TIMEOUT_MS = 5000;

/** The embedded copy of a spec: `specs/dist/<api>.json` and its YAML twin, as bundled. */
export function loadEmbeddedSpec(specsDistDir: string, api: string): LoadedSpec {
  const doc = readBundledSpec(specsDistDir, api);
  const jsonPath = bundledSpecPath(specsDistDir, api, 'json');
  return {
    api,
    doc,
    json: readFileSync(jsonPath, 'utf8'),
    yaml: readFileSync(bundledSpecPath(specsDistDir, api, 'yaml'), 'utf8'),
    source: jsonPath,
  };
}

/** A remote spec must be self-contained: following its external `$ref`s could hang the build. */
class NoExternalRefs extends BaseResolver {
  async loadExternalRef(absoluteRef: string): Promise<Source> {
    throw new Error(`external $ref ${absoluteRef} is not followed; publish a bundled spec`);
  }
}

/** Parses and structurally checks an OpenAPI document; returns it, or throws listing every error. */
export async function validateSpec(text: string, url: string): Promise<OpenApiDocument> {
  let parsed: unknown;
  try {
    parsed = parseYaml(text);
  } catch (error) {
    throw new Error(`it is neither JSON nor YAML: ${(error as Error).message.split('\n')[0]}`);
  }
  const version = typeof parsed === 'object' && parsed !== null ? (parsed as { openapi?: unknown }).openapi : undefined;
  if (typeof version !== 'string' || !version.startsWith('3.')) {
    throw new Error('it is not an OpenAPI 3 document (no "openapi: 3.x" field)');
  }
  const config = await createConfig({ rules: { struct: 'error', 'no-unresolved-refs': 'error' } });
  const problems = await lintFromString({ source: text, absoluteRef: url, config, externalRefResolver: new NoExternalRefs() });
  const errors = problems.filter((problem) => problem.severity === 'error');
  if (errors.length > 0) {
    const list = errors.map((problem) => `  - ${problem.message} (${problem.location[0]?.pointer ?? '#'})`).join('\n');
    throw new Error(`it is not a valid OpenAPI document:\n${list}`);
  }
  return parsed as OpenApiDocument;
}

/** Fetches and validates the remote partner spec; throws with the reason when it is unusable. */
export async function fetchRemoteSpec(url: string, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<LoadedSpec> {
  let text: string;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/yaml, application/json' } });
    if (!response.ok) throw new Error(`the server answered HTTP ${response.status} ${response.statusText}`.trim());
    text = await response.text();
  } catch (error) {
    const reason = (error as Error).name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : describeFetchError(error as Error);
    throw new Error(reason);
  }
  const doc = await validateSpec(text, url);
  const isJson = text.trimStart().startsWith('{');
  return {
    api: 'partner',
    doc,
    json: isJson ? text : `${JSON.stringify(doc, null, 2)}\n`,
    yaml: isJson ? stringifyYaml(doc) : text,
    source: url,
  };
}

function describeFetchError(error: Error): string {
  const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ? `${error.message} (${cause.code})` : (cause?.message ?? error.message);
}

/**
 * The partner spec: from `url` when set and usable, else the embedded copy. An unusable remote
 * spec is a warning naming the URL and the reason, or an error in strict mode.
 */
export async function loadPartnerSpec(options: PartnerSpecOptions): Promise<LoadedSpec> {
  if (!options.url) return loadEmbeddedSpec(options.specsDistDir, 'partner');
  try {
    const remote = await fetchRemoteSpec(options.url, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    options.logger.info(`Partner API reference: using the remote spec from ${options.url}.`);
    return remote;
  } catch (error) {
    const message = `Could not use the partner API spec from PARTNER_API_SPEC_URL=${options.url}: ${(error as Error).message}`;
    if (options.strict) throw new Error(`${message}\nPARTNER_API_SPEC_STRICT=1, so the build stops. Unset it to fall back to the embedded copy.`);
    options.logger.warn(`${message}\nFalling back to the embedded copy from specs/partner.`);
    return loadEmbeddedSpec(options.specsDistDir, 'partner');
  }
}
