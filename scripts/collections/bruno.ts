// Renders a collection model as a Bruno collection: plain-text `.bru` files, one folder per tag,
// written with Bruno's own serialiser (@usebruno/lang, which Bruno's CLI installs with itself).
import { createRequire } from 'node:module';
import type { EnvironmentSpec } from './environments.js';
import type { CollectionModel, RunnableRequest } from './model.js';
import { brunoCollectionPrerequest, brunoRequestPrerequest, brunoTests } from './scripts.js';

const require = createRequire(import.meta.url);
const lang = require('@usebruno/lang') as {
  jsonToBruV2(json: unknown): string;
  jsonToCollectionBru(json: unknown): string;
  envJsonToBruV2(json: unknown): string;
};

/** A file name from a title: `Partner tokens` gives `Partner tokens`, minus characters file systems refuse. */
const fileSafe = (name: string) => name.replace(/[\\/:*?"<>|]/g, '-');

function requestFile(request: RunnableRequest, seq: number): string {
  const path = request.path.replace(/\{([^}]+)\}/g, ':$1');
  const query = request.params.filter((param) => param.in === 'query');
  const url = `{{${request.baseVariable}}}${path}${query.length > 0 ? `?${query.map((param) => `${param.name}=${param.value}`).join('&')}` : ''}`;
  const headers = request.params.filter((param) => param.in === 'header').map((param) => ({ name: param.name, value: param.value, enabled: true }));
  if (request.body !== undefined && request.contentType !== undefined) headers.push({ name: 'Content-Type', value: request.contentType, enabled: true });
  // The collection script reads the variable named here to keep the token live.
  if (request.bearer !== undefined) headers.push({ name: 'Authorization', value: `Bearer {{${request.bearer}}}`, enabled: true });
  const prerequest = brunoRequestPrerequest(request);
  const params = [
    ...query.map((param) => ({ name: param.name, value: param.value, type: 'query', enabled: true })),
    ...request.params.filter((param) => param.in === 'path').map((param) => ({ name: param.name, value: param.value, type: 'path', enabled: true })),
  ];
  // The contract's named examples, as Bruno's saved examples of the request.
  const examples = request.examples.map((example) => ({
    name: example.name,
    request: {
      url,
      method: request.method.toLowerCase(),
      params,
      headers,
      body: example.requestBody === undefined ? { mode: 'none' } : { mode: 'json', json: example.requestBody },
    },
    response: {
      headers: example.contentType === undefined ? [] : [{ name: 'Content-Type', value: example.contentType, enabled: true }],
      status: example.status,
      body: { type: example.contentType === 'application/json' ? 'json' : 'text', content: example.body },
    },
  }));
  return lang.jsonToBruV2({
    meta: { name: request.name, type: 'http', seq },
    http: { method: request.method.toLowerCase(), url, body: request.body === undefined ? 'none' : 'json', auth: 'none' },
    params,
    headers,
    body: request.body === undefined ? {} : { json: request.body },
    script: prerequest === undefined ? {} : { req: prerequest },
    tests: brunoTests(request),
    settings: { encodeUrl: true, ...(request.step.authorize ? { followRedirects: false } : {}) },
    docs: request.description,
    examples,
  });
}

/** One contract's folder of the Bruno collection, by path: its token script, then a folder per tag. */
export function brunoFolder(model: CollectionModel, folder: string, seq: number): Map<string, string> {
  const files = new Map<string, string>();
  // The contract's examples as folder variables: the defaults each request's parameters start from.
  const vars = { req: Object.entries(model.variables).map(([name, value]) => ({ name, value, enabled: true })) };
  files.set(`${folder}/folder.bru`, lang.jsonToCollectionBru({ meta: { name: model.title, seq }, vars, script: { req: brunoCollectionPrerequest(model) }, docs: model.description }));
  model.folders.forEach((tag, index) => {
    const dir = `${folder}/${fileSafe(tag.name)}`;
    files.set(`${dir}/folder.bru`, lang.jsonToCollectionBru({ meta: { name: tag.name, seq: index + 1 }, docs: tag.description }));
    tag.requests.forEach((request, position) => files.set(`${dir}/${request.operationId}.bru`, requestFile(request, position + 1)));
  });
  return files;
}

/** The collection's own files: bruno.json, its description and the environments. */
export function brunoCollectionFiles(root: string, environments: readonly EnvironmentSpec[]): Map<string, string> {
  const files = new Map<string, string>();
  files.set(`${root}/bruno.json`, `${JSON.stringify({ version: '1', name: 'Stream APIs', type: 'collection', ignore: ['node_modules', '.git'] }, null, 2)}\n`);
  files.set(
    `${root}/collection.bru`,
    lang.jsonToCollectionBru({
      docs: 'Every operation of the four Stream contracts, a folder per contract, generated from the contracts. Pick an environment: local-sandbox (the sandbox and the starter kits on this machine), stream-sandbox or your-server.',
    }),
  );
  for (const environment of environments) {
    // Bruno keeps a secret's value out of the file; the local sandbox's demo values are not secret.
    const local = environment.file === 'local-sandbox';
    files.set(
      `${root}/environments/${environment.file}.bru`,
      lang.envJsonToBruV2({ variables: environment.values.map((entry) => ({ name: entry.key, value: entry.value, enabled: true, secret: entry.secret && !local })) }),
    );
  }
  return files;
}
