// One runnable request per contract operation, independent of the tool that will run it: the
// URL, parameters and body with the flow's variables filled in, the auth, and what the answer
// must be (statuses, content types and draft-07 schemas). postman.ts and bruno.ts only render it.
import { API_NAMES, deref, isObject, listOperations, loadContract, type ApiName, type JsonObject, type OperationInfo } from '../../packages/cli/src/openapi.js';
import { FLOW, SHARED_PARAMS, type Step } from './flow.js';
import { draft07 } from './schema.js';

export const SITE_URL = 'https://partners.stream.example';

/** Where each contract's API reference and main guide live on the site. */
export const PAGES: Readonly<Record<ApiName, { readonly title: string; readonly reference: string; readonly guide: string; readonly slug: string }>> = {
  partner: { title: 'Stream Partner API', reference: '/api/', guide: '/docs/authenticating/requesting-a-token', slug: 'stream-partner-api' },
  dsp: { title: 'Stream DSP API', reference: '/api/become-a-dsp', guide: '/docs/become-a-stream-integration/integrate-with-stream-as-a-dsp/overview', slug: 'stream-dsp-api' },
  pos: { title: 'Stream POS API', reference: '/api/become-a-pos', guide: '/docs/become-a-stream-integration/integrate-with-stream-as-a-pos/overview', slug: 'stream-pos-api' },
  events: { title: 'Stream Events API', reference: '/api/integrate-with-events', guide: '/docs/become-a-stream-integration/integrate-with-stream-events/overview', slug: 'stream-events-api' },
};
export const SANDBOX_GUIDE = '/docs/become-a-stream-integration/test-locally-with-the-sandbox';

export interface Param {
  readonly name: string;
  readonly in: 'path' | 'query' | 'header';
  readonly value: string;
  readonly required: boolean;
  readonly description: string;
}

export interface Expectation {
  /** The statuses the contract documents for success (2xx and 3xx). */
  readonly statuses: number[];
  /** Status to documented content type, where the answer has a body. */
  readonly contentTypes: Record<string, string>;
  /** Status to the draft-07 schema of a JSON answer. */
  readonly schemas: Record<string, JsonObject>;
}

export interface SavedExample {
  readonly name: string;
  readonly requestBody: string | undefined;
  readonly status: number;
  readonly contentType: string | undefined;
  readonly body: string;
}

export interface RunnableRequest {
  readonly api: ApiName;
  readonly operationId: string;
  readonly name: string;
  readonly tag: string;
  readonly method: string;
  /** `{{stream_base_url}}` or `{{pos_base_url}}`... */
  readonly baseVariable: string;
  /** The contract path with `{name}` segments. */
  readonly path: string;
  readonly params: Param[];
  readonly body: string | undefined;
  readonly contentType: string | undefined;
  readonly signed: boolean;
  /** The variable holding the bearer token, or undefined when the call has no bearer. */
  readonly bearer: string | undefined;
  readonly description: string;
  readonly step: Step;
  readonly expect: Expectation;
  readonly examples: SavedExample[];
  /** For `fresh-onboarding`: the body that creates the throwaway onboarding. */
  readonly setupBody?: string;
}

export interface CollectionModel {
  readonly api: ApiName;
  readonly title: string;
  readonly description: string;
  /** Tags in contract order, each with its requests in contract order. */
  readonly folders: { readonly name: string; readonly description: string; readonly requests: RunnableRequest[] }[];
  /** Variables the requests use, with their defaults (the contract's examples). */
  readonly variables: Record<string, string>;
  /** The partner-hosted OAuth token path (`/stream-pos/v1/token`), when the partner issues tokens. */
  readonly partnerTokenPath: string | undefined;
}

const link = (path: string) => `${SITE_URL}${path}`;

function valueAt(target: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (isObject(node) || Array.isArray(node) ? (node as Record<string, unknown>)[key] : undefined), target);
}

function setPath(target: unknown, path: string, value: string | null): void {
  const keys = path.split('.');
  let node = target as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) {
    if (!isObject(node[key]) && !Array.isArray(node[key])) throw new Error(`flow.ts: the example has no ${path}`);
    node = node[key] as Record<string, unknown>;
  }
  const last = keys[keys.length - 1]!;
  if (value === null) {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else node[last] = value;
}

function paramValue(api: ApiName, param: JsonObject): string {
  const schema = deref(api, param.schema) as JsonObject | undefined;
  const value = param.example ?? (isObject(param.examples) ? (Object.values(param.examples)[0] as JsonObject | undefined)?.value : undefined) ?? schema?.example ?? (Array.isArray(schema?.examples) ? schema.examples[0] : undefined) ?? schema?.default ?? '';
  return String(value);
}

function bearerVariable(op: OperationInfo): string | undefined {
  if (!op.bearer) return undefined;
  return op.host === 'stream' ? 'stream_access_token' : `${op.api}_access_token`;
}

function describe(op: OperationInfo): string {
  const raw = op.raw;
  const text = [typeof raw.description === 'string' ? raw.description.trim() : String(raw.summary ?? '')];
  const page = PAGES[op.api];
  text.push(
    '',
    op.host === 'stream' ? 'Stream hosts this call; you send it.' : 'Your server hosts this call; Stream sends it. Run it against your own server to check it answers as Stream expects.',
    '',
    `- API reference: [${op.operationId}](${link(`${page.reference}#operation/${op.operationId}`)})`,
    `- Guide: [${page.title}](${link(page.guide)})`,
    `- Test locally: [the sandbox](${link(SANDBOX_GUIDE)})`,
  );
  return text.join('\n');
}

function expectation(op: OperationInfo): Expectation {
  const statuses: number[] = [];
  const contentTypes: Record<string, string> = {};
  const schemas: Record<string, JsonObject> = {};
  for (const [status, response] of Object.entries((op.raw.responses as JsonObject) ?? {})) {
    if (!/^[23]\d\d$/.test(status)) continue;
    statuses.push(Number(status));
    const resolved = deref(op.api, response) as JsonObject;
    const content = isObject(resolved.content) ? Object.entries(resolved.content)[0] : undefined;
    if (content === undefined) continue;
    contentTypes[status] = content[0];
    const schema = (content[1] as JsonObject).schema;
    if (content[0] === 'application/json' && schema !== undefined) schemas[status] = draft07(op.api, schema);
  }
  if (statuses.length === 0) throw new Error(`${op.api}:${op.operationId} documents no 2xx or 3xx answer, so a collection cannot say what success is.`);
  return { statuses, contentTypes, schemas };
}

function savedExamples(op: OperationInfo): SavedExample[] {
  const out: SavedExample[] = [];
  const requests = [...op.requestExamples.entries()];
  for (const [name, value] of requests) {
    const success = [...op.responses.values()].find((response) => /^2/.test(response.status));
    const answer = success === undefined ? undefined : ([...success.examples.values()][0] ?? undefined);
    out.push({
      name,
      requestBody: JSON.stringify(value, null, 2),
      status: Number(success?.status ?? 200),
      contentType: success?.contentType,
      body: answer === undefined ? '' : typeof answer === 'string' ? answer : JSON.stringify(answer, null, 2),
    });
  }
  for (const response of op.responses.values()) {
    for (const [name, value] of response.examples) {
      out.push({
        name: `${response.status} ${name}`,
        requestBody: requests[0] === undefined ? undefined : JSON.stringify(requests[0][1], null, 2),
        status: Number(response.status),
        contentType: response.contentType,
        body: typeof value === 'string' ? value : JSON.stringify(value, null, 2),
      });
    }
  }
  return out;
}

function buildRequest(op: OperationInfo, variables: Record<string, string>): RunnableRequest {
  const step = FLOW[`${op.api}:${op.operationId}`] ?? {};
  const params: Param[] = [];
  for (const param of op.parameters) {
    const name = String(param.name);
    const where = param.in as Param['in'];
    if (where === 'header' && name.toLowerCase() === 'stream-signature') continue;
    if (where !== 'path' && where !== 'query' && where !== 'header') continue;
    let value = step.params?.[name] ?? SHARED_PARAMS[name];
    if (value === undefined) {
      // Each parameter is a variable of the same name, defaulting to the contract's example.
      const variable = name.toLowerCase().replace(/[^a-z0-9]+/g, '_');
      variables[variable] ??= paramValue(op.api, param);
      value = `{{${variable}}}`;
    }
    params.push({ name, in: where, value, required: param.required === true || where === 'path', description: String(param.description ?? '').trim() });
  }
  let body: string | undefined;
  const first = [...op.requestExamples.values()][0];
  if (op.requestContentType !== undefined) {
    if (first === undefined) throw new Error(`${op.api}:${op.operationId} has a request body but no named example to send.`);
    const value = structuredClone(first);
    // A variable filling a number of the example is sent as a number: its quotes go once it is written.
    const numeric = Object.entries(step.body ?? {}).filter(([path, fill]) => fill !== null && /^\{\{\w+\}\}$/.test(fill) && typeof valueAt(value, path) === 'number');
    for (const [path, fill] of Object.entries(step.body ?? {})) setPath(value, path, fill);
    body = numeric.reduce((text, [, fill]) => text.replaceAll(JSON.stringify(fill), fill!), JSON.stringify(value, null, 2));
  }
  const request: RunnableRequest = {
    api: op.api,
    operationId: op.operationId,
    name: String(op.raw.summary ?? op.operationId),
    tag: String((op.raw.tags as string[] | undefined)?.[0] ?? 'Other'),
    method: op.method,
    baseVariable: op.host === 'stream' ? 'stream_base_url' : `${op.api}_base_url`,
    path: op.path,
    params,
    body,
    contentType: op.requestContentType,
    signed: op.signed,
    bearer: bearerVariable(op),
    description: describe(op),
    step,
    expect: expectation(op),
    examples: savedExamples(op),
  };
  return request;
}

export function buildModel(api: ApiName): CollectionModel {
  const doc = loadContract(api);
  const variables: Record<string, string> = {};
  const requests = listOperations(api).map((op) => buildRequest(op, variables));
  const tags = ((doc.tags as JsonObject[] | undefined) ?? []).map((tag) => ({ name: String(tag.name), description: String(tag.description ?? '').trim() }));
  for (const request of requests) if (!tags.some((tag) => tag.name === request.tag)) tags.push({ name: request.tag, description: '' });
  // The throwaway onboarding a revoke needs: the create call's own body.
  const create = requests.find((request) => request.operationId === 'createOnboardingIntegration');
  const needsSetup = (request: RunnableRequest) => request.step.prepare === 'fresh-onboarding' || request.step.prepare === 'dsp-onboarding';
  const withSetup = requests.map((request) => (needsSetup(request) && create?.body !== undefined ? { ...request, setupBody: create.body } : request));
  const folders = tags
    .map((tag) => ({ ...tag, requests: withSetup.filter((request) => request.tag === tag.name) }))
    .filter((folder) => folder.requests.length > 0);
  const token = listOperations(api).find((op) => op.host !== 'stream' && op.operationId === 'exchangeToken');
  const info = doc.info as JsonObject;
  const page = PAGES[api];
  return {
    api,
    title: page.title,
    description: [
      String(info.description ?? '').trim(),
      '',
      `Generated from the ${api} contract, version ${String(info.version)}. Every operation is here: the ones Stream hosts run against \`{{stream_base_url}}\`, the ones your server hosts against \`{{${api}_base_url}}\`.`,
      '',
      `- API reference: ${link(page.reference)}`,
      `- Importing this collection and its environments: ${link(`${SANDBOX_GUIDE}#collections`)}`,
    ].join('\n'),
    folders,
    variables,
    partnerTokenPath: token?.path,
  };
}

export function allModels(): CollectionModel[] {
  return API_NAMES.map(buildModel);
}

/** Every operation of every contract, as `api:operationId`. */
export function contractOperations(): string[] {
  return API_NAMES.flatMap((api) => listOperations(api).map((op) => `${api}:${op.operationId}`));
}
