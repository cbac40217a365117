// Renders a collection model as a Postman collection (format v2.1) and the three environments.
import type { CollectionModel, RunnableRequest } from './model.js';
import { postmanCollectionPrerequest, postmanRequestPrerequest, postmanTests } from './scripts.js';

const SCHEMA = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';

type Json = Record<string, unknown>;

const script = (listen: 'prerequest' | 'test', source: string): Json => ({ listen, script: { type: 'text/javascript', exec: source.split('\n') } });

/** `/tokens/{token_id}` as Postman path segments: `tokens`, `:token_id`. */
function segments(path: string): string[] {
  return path
    .split('/')
    .filter((part) => part !== '')
    .map((part) => part.replace(/^\{([^}]+)\}$/, ':$1'));
}

function url(request: RunnableRequest): Json {
  const path = segments(request.path);
  const query = request.params.filter((param) => param.in === 'query');
  const raw = `{{${request.baseVariable}}}/${path.join('/')}${query.length > 0 ? `?${query.map((param) => `${param.name}=${param.value}`).join('&')}` : ''}`;
  return {
    raw,
    host: [`{{${request.baseVariable}}}`],
    path,
    ...(query.length > 0 ? { query: query.map((param) => ({ key: param.name, value: param.value, description: param.description })) } : {}),
    ...(request.params.some((param) => param.in === 'path')
      ? { variable: request.params.filter((param) => param.in === 'path').map((param) => ({ key: param.name, value: param.value, description: param.description })) }
      : {}),
  };
}

function headers(request: RunnableRequest, body: string | undefined): Json[] {
  const out: Json[] = request.params.filter((param) => param.in === 'header').map((param) => ({ key: param.name, value: param.value, description: param.description }));
  if (body !== undefined && request.contentType !== undefined) out.push({ key: 'Content-Type', value: request.contentType });
  if (request.signed) out.push({ key: 'Stream-Signature', value: '', description: 'Set by the pre-request script: HMAC-SHA256 of the body under webhook_secret.' });
  return out;
}

function requestObject(request: RunnableRequest, body: string | undefined): Json {
  return {
    method: request.method,
    header: headers(request, body),
    ...(body === undefined ? {} : { body: { mode: 'raw', raw: body, options: { raw: { language: 'json' } } } }),
    url: url(request),
    auth: request.bearer === undefined ? { type: 'noauth' } : { type: 'bearer', bearer: [{ key: 'token', value: `{{${request.bearer}}}`, type: 'string' }] },
    description: request.description,
  };
}

function item(request: RunnableRequest): Json {
  const prerequest = postmanRequestPrerequest(request);
  return {
    name: request.name,
    // The operation id, so a test (or you) can match an item to the contract.
    id: `${request.api}-${request.operationId}`,
    request: requestObject(request, request.body),
    event: [...(prerequest === undefined ? [] : [script('prerequest', prerequest)]), script('test', postmanTests(request))],
    ...(request.step.authorize ? { protocolProfileBehavior: { followRedirects: false } } : {}),
    response: request.examples.map((example) => ({
      name: example.name,
      originalRequest: requestObject(request, example.requestBody),
      status: example.status < 300 ? 'OK' : 'Error',
      code: example.status,
      _postman_previewlanguage: example.contentType === 'application/json' ? 'json' : 'text',
      header: example.contentType === undefined ? [] : [{ key: 'Content-Type', value: example.contentType }],
      body: example.body,
    })),
  };
}

/** Variables every collection declares; tokens and flow values start empty and fill as you run. */
const FLOW_VARIABLES = [
  'stream_access_token',
  'stream_access_token_expires_at',
  'authorization_code',
  'token_id',
  'onboarding_id',
  'onboarding_entry_url',
  'revoke_onboarding_id',
  'dsp_onboarding_id',
  'offered_location_id',
  'org_location_id',
  'report_month',
  'unique_suffix',
  'now_ms',
];

export function postmanCollection(model: CollectionModel): Json {
  const variables: Record<string, string> = { ...model.variables };
  const own = model.partnerTokenPath === undefined ? [] : [`${model.api}_access_token`, `${model.api}_access_token_expires_at`, `${model.api}_refresh_token`];
  for (const name of [...FLOW_VARIABLES, ...own]) variables[name] ??= '';
  return {
    info: { _postman_id: `stream-${model.api}-api`, name: model.title, description: model.description, schema: SCHEMA },
    item: model.folders.map((folder) => ({ name: folder.name, description: folder.description, item: folder.requests.map(item) })),
    event: [script('prerequest', postmanCollectionPrerequest(model))],
    variable: Object.entries(variables).map(([key, value]) => ({ key, value, type: 'string' })),
  };
}

export interface EnvironmentValue {
  readonly key: string;
  readonly value: string;
  readonly secret: boolean;
}

export function postmanEnvironment(id: string, name: string, values: readonly EnvironmentValue[]): Json {
  return {
    id,
    name,
    values: values.map((entry) => ({ key: entry.key, value: entry.value, type: entry.secret ? 'secret' : 'default', enabled: true })),
    _postman_variable_scope: 'environment',
  };
}
