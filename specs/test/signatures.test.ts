// Signed calls are modelled one way in every contract: a required `Stream-Signature` header
// parameter, never a security scheme, so generated clients, mock servers, linters and the
// stream-partner CLI (which looks for that parameter) treat them alike.
import { describe, expect, it } from 'vitest';
import { API_NAMES, loadSpec, type ApiName } from './support';

type JsonObject = Record<string, any>;

// Every call that carries an event is signed (product specification: webhook calls carry an
// HMAC-SHA256 signature header). Besides each `webhooks` entry, these path operations carry events.
const SIGNED_PATH_OPERATIONS: Record<ApiName, string[]> = {
  partner: [],
  dsp: ['receiveEvent', 'sendOrderEvent'],
  pos: ['receiveOrderEvent', 'sendWebhookEvent'],
  events: ['receiveOrderEvent', 'sendDeliveryUpdate'],
};

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];

interface Call {
  label: string;
  operationId: string;
  webhook: boolean;
  op: JsonObject;
  parameters: JsonObject[];
}

function calls(doc: JsonObject): Call[] {
  const out: Call[] = [];
  for (const [group, webhook] of [['paths', false], ['webhooks', true]] as const) {
    for (const [key, item] of Object.entries((doc[group] ?? {}) as Record<string, JsonObject>)) {
      for (const method of METHODS) {
        const op = item[method] as JsonObject | undefined;
        if (!op) continue;
        out.push({
          label: `${webhook ? 'webhook' : method.toUpperCase()} ${key}`,
          operationId: op.operationId,
          webhook,
          op,
          parameters: [...(item.parameters ?? []), ...(op.parameters ?? [])],
        });
      }
    }
  }
  return out;
}

function deref(doc: JsonObject, node: JsonObject): JsonObject {
  if (typeof node.$ref !== 'string') return node;
  return node.$ref.replace(/^#\//, '').split('/').reduce((acc: any, seg: string) => acc?.[seg], doc);
}

const signatureParameters = (doc: JsonObject, call: Call) =>
  call.parameters.filter((p) => {
    const resolved = deref(doc, p);
    return resolved?.in === 'header' && String(resolved.name).toLowerCase() === 'stream-signature';
  });

describe.each(API_NAMES)('signed calls in the %s spec', (api: ApiName) => {
  it('carry the required Stream-Signature header on every event call and on no other call', async () => {
    const doc = (await loadSpec(api)) as JsonObject;
    const all = calls(doc);
    const expected = all.filter((c) => c.webhook || SIGNED_PATH_OPERATIONS[api].includes(c.operationId)).map((c) => c.label);
    const signed = all.filter((c) => signatureParameters(doc, c).length > 0).map((c) => c.label);
    expect(signed.sort()).toEqual(expected.sort());
    for (const operationId of SIGNED_PATH_OPERATIONS[api]) {
      expect(all.map((c) => c.operationId), `${api} has no operation ${operationId}`).toContain(operationId);
    }
  });

  it('reference one shared Stream-Signature parameter component: required, in the header, 64 lower-case hex characters', async () => {
    const doc = (await loadSpec(api)) as JsonObject;
    const components = Object.entries((doc.components?.parameters ?? {}) as Record<string, JsonObject>).filter(
      ([, p]) => p.in === 'header' && String(p.name).toLowerCase() === 'stream-signature',
    );
    const signedCalls = calls(doc).filter((c) => signatureParameters(doc, c).length > 0);
    if (signedCalls.length === 0) {
      expect(components).toEqual([]);
      return;
    }
    expect(components.map(([name]) => name)).toEqual(['StreamSignature']);
    const [, parameter] = components[0];
    expect(parameter).toMatchObject({ name: 'Stream-Signature', in: 'header', required: true });
    expect(parameter.schema).toMatchObject({ type: 'string', pattern: '^[0-9a-f]{64}$' });
    for (const call of signedCalls) {
      expect(signatureParameters(doc, call), call.label).toEqual([{ $ref: '#/components/parameters/StreamSignature' }]);
    }
  });

  it('include every call whose description or answers mention Stream-Signature', async () => {
    const doc = (await loadSpec(api)) as JsonObject;
    const unsigned = calls(doc)
      .filter((c) => signatureParameters(doc, c).length === 0)
      .filter((c) => JSON.stringify([c.op.description, c.op.responses]).includes('Stream-Signature'))
      .map((c) => c.label);
    expect(unsigned).toEqual([]);
  });

  it('use no security scheme for the signature', async () => {
    const doc = (await loadSpec(api)) as JsonObject;
    const schemes = (doc.components?.securitySchemes ?? {}) as Record<string, JsonObject>;
    const signatureSchemes = Object.entries(schemes)
      .filter(([name, s]) => /signature/i.test(name) || /signature/i.test(String(s.name ?? '')))
      .map(([name]) => name);
    expect(signatureSchemes).toEqual([]);
    const requirements = [doc.security ?? [], ...calls(doc).map((c) => c.op.security ?? [])].flat() as JsonObject[];
    const used = new Set(requirements.flatMap((r) => Object.keys(r)));
    for (const name of used) expect(Object.keys(schemes), `security requirement ${name}`).toContain(name);
  });
});
