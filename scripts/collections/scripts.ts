// The scripts the collections carry, for Postman (pm.*, Ajv 6 and CryptoJS in its sandbox) and
// for Bruno (bru/req/res, Ajv 8 and crypto-js in its safe mode). Same behaviour in both:
// - before each call: a live bearer token (Stream's from /oauth/token, or a refresh at your
//   server's token endpoint), then the call's own preparation, then the signature over the
//   exact body bytes sent;
// - after each call: the status, content type and schema the contract documents, then the
//   values later calls need. A value your environment sets is never overwritten.
import type { CollectionModel, RunnableRequest } from './model.js';

const json = (value: unknown) => JSON.stringify(value);

/** Where each script gets the partner's token refreshed, or `undefined` for a contract without one. */
function refreshTarget(model: CollectionModel): string | undefined {
  return model.partnerTokenPath === undefined ? undefined : `{{${model.api}_base_url}}${model.partnerTokenPath}`;
}

export function postmanCollectionPrerequest(model: CollectionModel): string {
  const refresh = refreshTarget(model);
  return `// Keeps a live bearer token for the call: Stream's, from POST /oauth/token with your partner API
// client credentials; or the one your server issued to Stream, refreshed at your token endpoint.
const auth = pm.request.auth;
const template = auth && auth.type === 'bearer' ? String(auth.parameters().get('token') || '') : '';
const tokenVariable = (/^\\{\\{(\\w+)\\}\\}$/.exec(template) || [])[1];
const live = (name) => Boolean(pm.variables.get(name)) && Number(pm.variables.get(name + '_expires_at') || 0) > Date.now() + 30000;
const postJson = (url, body, done) =>
  pm.sendRequest({ url, method: 'POST', header: [{ key: 'Content-Type', value: 'application/json' }], body: { mode: 'raw', raw: JSON.stringify(body) } }, (error, response) => {
    if (error) throw new Error('POST ' + url + ' failed: ' + error.message);
    done(response);
  });
if (tokenVariable === 'stream_access_token' && !live(tokenVariable)) {
  const url = pm.variables.replaceIn('{{stream_base_url}}/oauth/token');
  postJson(url, { grant_type: 'client_credentials', client_id: pm.variables.get('client_id'), client_secret: pm.variables.get('client_secret') }, (response) => {
    if (response.code !== 200) throw new Error('POST ' + url + ' answered ' + response.code + ': ' + response.text() + ' Set client_id and client_secret in your environment.');
    const body = response.json();
    pm.collectionVariables.set('stream_access_token', body.access_token);
    pm.collectionVariables.set('stream_access_token_expires_at', String(Date.now() + body.expires_in * 1000));
  });
}
if (tokenVariable === ${json(`${model.api}_access_token`)} && !live(tokenVariable)) {
  const refreshToken = pm.variables.get(${json(`${model.api}_refresh_token`)});
  const url = ${refresh === undefined ? "''" : `pm.variables.replaceIn(${json(refresh)})`};
  if (!refreshToken || !url) throw new Error('No access token from your server yet: run the Authorization folder first (authorize, then exchange the code), or set ' + tokenVariable + '.');
  postJson(url, { grant_type: 'refresh_token', client_id: pm.variables.get('stream_client_id'), client_secret: pm.variables.get('stream_client_secret'), refresh_token: refreshToken }, (response) => {
    if (response.code >= 300) throw new Error('Refreshing at ' + url + ' answered ' + response.code + ': ' + response.text());
    const body = response.json();
    pm.collectionVariables.set(${json(`${model.api}_access_token`)}, body.access_token);
    pm.collectionVariables.set(${json(`${model.api}_access_token_expires_at`)}, String(body.expire_time));
    pm.collectionVariables.set(${json(`${model.api}_refresh_token`)}, body.refresh_token);
  });
}
`;
}

export function postmanRequestPrerequest(request: RunnableRequest): string | undefined {
  const lines: string[] = [];
  if (request.step.prepare === 'unique-suffix') {
    lines.push('// A value no earlier run used, so the call creates something new each time.', "pm.variables.set('unique_suffix', Date.now().toString(36));");
  }
  if (request.step.prepare === 'now-ms') {
    lines.push('// The moment of sending, in milliseconds since the Unix epoch: Stream refuses an event time hours away from it.', "pm.variables.set('now_ms', String(Date.now()));");
  }
  if (request.step.prepare === 'fresh-onboarding') {
    lines.push(
      '// Creates an onboarding to revoke, so the one the other calls use stays active.',
      'pm.sendRequest({',
      "  url: pm.variables.replaceIn('{{stream_base_url}}/onboarding/integrations'),",
      "  method: 'POST',",
      "  header: [{ key: 'Content-Type', value: 'application/json' }, { key: 'Authorization', value: 'Bearer ' + pm.variables.get('stream_access_token') }],",
      `  body: { mode: 'raw', raw: pm.variables.replaceIn(${json(request.setupBody ?? '')}) },`,
      '}, (error, response) => {',
      "  if (error || response.code !== 201) throw new Error('Could not create an onboarding to revoke: ' + (error ? error.message : response.code + ' ' + response.text()));",
      "  pm.variables.set('revoke_onboarding_id', response.json()._id);",
      '});',
    );
  }
  if (request.step.prepare === 'sandbox-consent') {
    lines.push(
      "// The merchant's consent: a code from your environment, else the local sandbox's entry_url gives one.",
      "if (!pm.environment.get('onboarding_code')) {",
      `  ${POSTMAN_CONSENT}`,
      "  consent(pm.variables.get('onboarding_entry_url'), (code) => pm.variables.set('onboarding_code', code));",
      '}',
    );
  }
  if (request.step.prepare === 'dsp-onboarding') {
    lines.push(
      "// DSP stores bind with the DSP's own onboarding: create one and complete it with the sandbox's consent code.",
      "if (!pm.environment.get('dsp_onboarding_id')) {",
      `  ${POSTMAN_CONSENT}`,
      "  const headers = [{ key: 'Content-Type', value: 'application/json' }, { key: 'Authorization', value: 'Bearer ' + pm.variables.get('stream_access_token') }];",
      `  const created = JSON.parse(pm.variables.replaceIn(${json(request.setupBody ?? '{}')}));`,
      "  Object.assign(created, { type: 'dsp', source: 'example-dsp' });",
      "  pm.sendRequest({ url: pm.variables.replaceIn('{{stream_base_url}}/onboarding/integrations'), method: 'POST', header: headers, body: { mode: 'raw', raw: JSON.stringify(created) } }, (error, response) => {",
      "    if (error || response.code !== 201) throw new Error('Could not create a DSP onboarding: ' + (error ? error.message : response.code + ' ' + response.text()));",
      '    const onboarding = response.json();',
      '    consent(onboarding.entry_url, (code) => {',
      "      pm.sendRequest({ url: pm.variables.replaceIn('{{stream_base_url}}/onboarding/integrations/') + encodeURIComponent(onboarding._id), method: 'PUT', header: headers, body: { mode: 'raw', raw: JSON.stringify({ code }) } }, (failure, completed) => {",
      "        if (failure || completed.code !== 200) throw new Error('Could not complete the DSP onboarding: ' + (failure ? failure.message : completed.code + ' ' + completed.text()));",
      "        pm.variables.set('dsp_onboarding_id', onboarding._id);",
      '      });',
      '    });',
      '  });',
      '}',
    );
  }
  if (request.signed) {
    lines.push(
      '// Stream-Signature: HMAC-SHA256, in lower-case hex, of the exact bytes sent, under webhook_secret.',
      "const cryptoJs = require('crypto-js');",
      'const body = pm.variables.replaceIn(pm.request.body.raw);',
      'pm.request.body.update(body);',
      "const secret = pm.variables.get('webhook_secret');",
      "if (!secret) throw new Error('Set webhook_secret in your environment: Stream-Signature is an HMAC under it.');",
      "pm.request.headers.upsert({ key: 'Stream-Signature', value: cryptoJs.HmacSHA256(body, secret).toString(cryptoJs.enc.Hex) });",
    );
  }
  return lines.length === 0 ? undefined : lines.join('\n');
}

function captureLines(request: RunnableRequest, keep: (name: string, value: string) => string): string[] {
  const lines: string[] = [];
  for (const [variable, path] of Object.entries(request.step.captures ?? {})) lines.push(keep(variable, `pick(answer, ${json(path)})`));
  if (request.step.authorize) lines.push(keep('authorization_code', "codeFrom(location)"));
  if (request.step.exchange) {
    const api = request.api;
    lines.push(keep(`${api}_access_token`, "pick(answer, 'access_token')"), keep(`${api}_access_token_expires_at`, "pick(answer, 'expire_time')"), keep(`${api}_refresh_token`, "pick(answer, 'refresh_token')"));
  }
  return lines;
}

/** Asks the local sandbox's entry_url for the consent code as JSON; Stream's own needs a person in a browser. */
const CONSENT_HELP = "' Against Stream, open onboarding_entry_url in a browser, approve, and set onboarding_code (or dsp_onboarding_id) in your environment from where it lands.'";
const POSTMAN_CONSENT = `const consent = (entryUrl, done) => pm.sendRequest({ url: String(entryUrl) + (String(entryUrl).includes('?') ? '&' : '?') + 'respond=json', method: 'GET' }, (error, response) => {
    const code = !error && response.code === 200 && /json/.test(String(response.headers.get('Content-Type'))) ? response.json().code : undefined;
    if (!code) throw new Error('No consent code from ' + entryUrl + ${CONSENT_HELP});
    done(code);
  });`;
const BRUNO_CONSENT = `const consent = async (entryUrl) => {
  const response = await bru.sendRequest({ method: 'GET', url: String(entryUrl) + (String(entryUrl).includes('?') ? '&' : '?') + 'respond=json', validateStatus: () => true });
  const code = response.status === 200 && response.data && typeof response.data === 'object' ? response.data.code : undefined;
  if (!code) throw new Error('No consent code from ' + entryUrl + ${CONSENT_HELP});
  return code;
};`;

const PICK = "const pick = (value, path) => path.split('.').reduce((node, key) => (node === undefined || node === null ? undefined : node[key]), value);";
const CODE_FROM = "const codeFrom = (url) => { const match = /[?&]code=([^&#]+)/.exec(url || ''); return match ? decodeURIComponent(match[1]) : undefined; };";

/** How one tool's test scripts read the answer, run a test and keep a variable: the rest is shared. */
interface TestDialect {
  readonly test: string;
  readonly expect: string;
  readonly status: string;
  /** An expression for a response header; `name` is lower case. */
  header(name: string): string;
  /** Lines that leave a schema validator in `ajv`, as the tool's bundled Ajv version wants it. */
  readonly ajv: readonly string[];
  /** The parsed body, for the schema test. */
  readonly body: string;
  /** The parsed body, or undefined when it is not JSON. */
  readonly answer: string;
  readonly environmentGet: string;
  readonly variableSet: string;
}

const POSTMAN: TestDialect = {
  test: 'pm.test',
  expect: 'pm.expect',
  status: 'pm.response.code',
  header: (name) => `pm.response.headers.get(${json(name)})`,
  // Postman's sandbox bundles Ajv 6.
  ajv: ["const Ajv = require('ajv');", "const ajv = new Ajv({ allErrors: true, unknownFormats: 'ignore' });"],
  body: 'pm.response.json()',
  answer: '(() => { try { return pm.response.json(); } catch (error) { return undefined; } })()',
  environmentGet: 'pm.environment.get',
  variableSet: 'pm.collectionVariables.set',
};

const BRUNO: TestDialect = {
  test: 'test',
  expect: 'expect',
  status: 'res.getStatus()',
  header: (name) => `res.getHeader(${json(name)})`,
  // Bruno bundles Ajv 8 and ajv-formats.
  ajv: ["const Ajv = require('ajv');", "const addFormats = require('ajv-formats');", 'const ajv = new Ajv({ allErrors: true, strict: false });', 'addFormats(ajv);'],
  body: 'res.getBody()',
  answer: 'res.getBody()',
  environmentGet: 'bru.getEnvVar',
  variableSet: 'bru.setVar',
};

/** The after-response script: status, content type and schema tests, then the values later calls use. */
function responseTests(request: RunnableRequest, tool: TestDialect): string {
  const lines = [
    `const expected = ${json(request.expect)};`,
    `const status = ${tool.status};`,
    `${tool.test}('answers ' + expected.statuses.join(' or ') + ', as the contract promises', () => ${tool.expect}(expected.statuses).to.include(status));`,
    'const type = expected.contentTypes[status];',
    `if (type) ${tool.test}('answers ' + type, () => ${tool.expect}(String(${tool.header('content-type')})).to.include(type));`,
    'const schema = expected.schemas[status];',
    'if (schema) {',
    `  ${tool.test}('the body matches the contract schema', () => {`,
    ...tool.ajv.map((line) => `    ${line}`),
    `    const valid = ajv.validate(schema, ${tool.body});`,
    `    ${tool.expect}(valid, ajv.errorsText(ajv.errors)).to.equal(true);`,
    '  });',
    '}',
  ];
  const captures = captureLines(request, (name, value) => `keep(${json(name)}, ${value});`);
  if (captures.length > 0) {
    lines.push(
      '// Values the next calls use; a value your environment sets wins.',
      `const answer = ${tool.answer};`,
      `const location = ${tool.header('location')};`,
      PICK,
      CODE_FROM,
      `const keep = (name, value) => { if (value !== undefined && value !== null && !${tool.environmentGet}(name)) ${tool.variableSet}(name, String(value)); };`,
      ...captures,
    );
  }
  return lines.join('\n');
}

export function postmanTests(request: RunnableRequest): string {
  return responseTests(request, POSTMAN);
}

export function brunoCollectionPrerequest(model: CollectionModel): string {
  const refresh = refreshTarget(model);
  return `// Keeps a live bearer token for the call: Stream's, from POST /oauth/token with your partner API
// client credentials; or the one your server issued to Stream, refreshed at your token endpoint.
const template = String(req.getHeader('Authorization') || '');
const tokenVariable = (/^Bearer \\{\\{(\\w+)\\}\\}$/.exec(template) || [])[1];
const value = (name) => (bru.getVar(name) !== undefined && bru.getVar(name) !== null ? bru.getVar(name) : bru.getEnvVar(name));
const live = (name) => Boolean(value(name)) && Number(value(name + '_expires_at') || 0) > Date.now() + 30000;
const postJson = async (url, body) => {
  const response = await bru.sendRequest({ method: 'POST', url, headers: { 'Content-Type': 'application/json' }, data: JSON.stringify(body), validateStatus: () => true });
  return response;
};
if (tokenVariable === 'stream_access_token' && !live(tokenVariable)) {
  const url = bru.interpolate('{{stream_base_url}}/oauth/token');
  const response = await postJson(url, { grant_type: 'client_credentials', client_id: value('client_id'), client_secret: value('client_secret') });
  if (response.status !== 200) throw new Error('POST ' + url + ' answered ' + response.status + ': ' + JSON.stringify(response.data) + ' Set client_id and client_secret in your environment.');
  bru.setVar('stream_access_token', response.data.access_token);
  bru.setVar('stream_access_token_expires_at', String(Date.now() + response.data.expires_in * 1000));
}
if (tokenVariable === ${json(`${model.api}_access_token`)} && !live(tokenVariable)) {
  const refreshToken = value(${json(`${model.api}_refresh_token`)});
  const url = ${refresh === undefined ? "''" : `bru.interpolate(${json(refresh)})`};
  if (!refreshToken || !url) throw new Error('No access token from your server yet: run the Authorization folder first (authorize, then exchange the code), or set ' + tokenVariable + '.');
  const response = await postJson(url, { grant_type: 'refresh_token', client_id: value('stream_client_id'), client_secret: value('stream_client_secret'), refresh_token: refreshToken });
  if (response.status >= 300) throw new Error('Refreshing at ' + url + ' answered ' + response.status + ': ' + JSON.stringify(response.data));
  bru.setVar(${json(`${model.api}_access_token`)}, response.data.access_token);
  bru.setVar(${json(`${model.api}_access_token_expires_at`)}, String(response.data.expire_time));
  bru.setVar(${json(`${model.api}_refresh_token`)}, response.data.refresh_token);
}
`;
}

export function brunoRequestPrerequest(request: RunnableRequest): string | undefined {
  const lines: string[] = [];
  if (request.step.prepare === 'unique-suffix') {
    lines.push('// A value no earlier run used, so the call creates something new each time.', "bru.setVar('unique_suffix', Date.now().toString(36));");
  }
  if (request.step.prepare === 'now-ms') {
    lines.push('// The moment of sending, in milliseconds since the Unix epoch: Stream refuses an event time hours away from it.', "bru.setVar('now_ms', String(Date.now()));");
  }
  if (request.step.prepare === 'fresh-onboarding') {
    lines.push(
      '// Creates an onboarding to revoke, so the one the other calls use stays active.',
      'const created = await bru.sendRequest({',
      "  method: 'POST',",
      "  url: bru.interpolate('{{stream_base_url}}/onboarding/integrations'),",
      "  headers: { 'Content-Type': 'application/json', Authorization: 'Bearer ' + bru.getVar('stream_access_token') },",
      `  data: bru.interpolate(${json(request.setupBody ?? '')}),`,
      '  validateStatus: () => true,',
      '});',
      "if (created.status !== 201) throw new Error('Could not create an onboarding to revoke: ' + created.status + ' ' + JSON.stringify(created.data));",
      "bru.setVar('revoke_onboarding_id', created.data._id);",
    );
  }
  if (request.step.prepare === 'sandbox-consent') {
    lines.push(
      "// The merchant's consent: a code from your environment, else the local sandbox's entry_url gives one.",
      BRUNO_CONSENT,
      "if (!bru.getEnvVar('onboarding_code')) bru.setVar('onboarding_code', await consent(bru.getVar('onboarding_entry_url')));",
    );
  }
  if (request.step.prepare === 'dsp-onboarding') {
    lines.push(
      "// DSP stores bind with the DSP's own onboarding: create one and complete it with the sandbox's consent code.",
      BRUNO_CONSENT,
      "if (!bru.getEnvVar('dsp_onboarding_id')) {",
      "  const headers = { 'Content-Type': 'application/json', Authorization: 'Bearer ' + bru.getVar('stream_access_token') };",
      `  const body = Object.assign(JSON.parse(bru.interpolate(${json(request.setupBody ?? '{}')})), { type: 'dsp', source: 'example-dsp' });`,
      "  const created = await bru.sendRequest({ method: 'POST', url: bru.interpolate('{{stream_base_url}}/onboarding/integrations'), headers, data: JSON.stringify(body), validateStatus: () => true });",
      "  if (created.status !== 201) throw new Error('Could not create a DSP onboarding: ' + created.status + ' ' + JSON.stringify(created.data));",
      '  const code = await consent(created.data.entry_url);',
      "  const completed = await bru.sendRequest({ method: 'PUT', url: bru.interpolate('{{stream_base_url}}/onboarding/integrations/') + encodeURIComponent(created.data._id), headers, data: JSON.stringify({ code }), validateStatus: () => true });",
      "  if (completed.status !== 200) throw new Error('Could not complete the DSP onboarding: ' + completed.status + ' ' + JSON.stringify(completed.data));",
      "  bru.setVar('dsp_onboarding_id', created.data._id);",
      '}',
    );
  }
  if (request.signed) {
    lines.push(
      '// Stream-Signature: HMAC-SHA256, in lower-case hex, of the exact bytes sent, under webhook_secret.',
      "const cryptoJs = require('crypto-js');",
      'const body = bru.interpolate(req.getBody({ raw: true }));',
      'req.setBody(body, { raw: true });',
      "const secret = bru.getVar('webhook_secret') || bru.getEnvVar('webhook_secret');",
      "if (!secret) throw new Error('Set webhook_secret in your environment: Stream-Signature is an HMAC under it.');",
      "req.setHeader('Stream-Signature', cryptoJs.HmacSHA256(body, secret).toString(cryptoJs.enc.Hex));",
    );
  }
  return lines.length === 0 ? undefined : lines.join('\n');
}

export function brunoTests(request: RunnableRequest): string {
  return responseTests(request, BRUNO);
}
