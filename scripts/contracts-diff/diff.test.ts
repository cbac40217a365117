import { describe, expect, it } from 'vitest';
import { deprecatedKeys, diffContracts, requiredBump, type Change } from './diff';
import { applyCorrections, checkGate, covers, type Manifest } from './releases';

// A small contract with both directions: Stream hosts `getOrder` and `createOrder` (the partner
// calls them), the partner hosts `receiveOrder` and the `order.created` event (Stream calls them).
function contract() {
  return {
    openapi: '3.1.0',
    info: { title: 'Test', version: '1.0.0', 'x-release-date': '2026-01-01' },
    paths: {
      '/orders/{id}': {
        get: {
          operationId: 'getOrder',
          'x-host': 'stream',
          'x-caller': 'partner',
          security: [{ bearerAuth: [] }],
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { '200': { description: 'The order.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Order' } } } } },
        },
      },
      '/orders': {
        post: {
          operationId: 'createOrder',
          'x-host': 'stream',
          'x-caller': 'partner',
          requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/NewOrder' } } } },
          responses: { '201': { description: 'Created.' }, '400': { description: 'Invalid.' } },
        },
      },
      '/partner/orders': {
        post: {
          operationId: 'receiveOrder',
          'x-host': 'pos',
          'x-caller': 'stream',
          security: [{ bearerAuth: [], signature: [] }],
          parameters: [{ name: 'Stream-Signature', in: 'header', required: true, schema: { type: 'string' } }],
          requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Order' } } } },
          responses: { '201': { description: 'Taken.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Refusal' } } } } },
        },
      },
    },
    webhooks: {
      'order.created': {
        post: {
          operationId: 'receiveOrderCreated',
          'x-host': 'pos',
          'x-caller': 'stream',
          requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Order' } } } },
          responses: { '204': { description: 'Received.' } },
        },
      },
    },
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer' },
        signature: { type: 'apiKey', in: 'header', name: 'Stream-Signature' },
      },
      schemas: {
        Order: {
          type: 'object',
          required: ['id', 'status'],
          properties: {
            id: { type: 'string', maxLength: 64 },
            status: { type: 'string', enum: ['new', 'ready'] },
            note: { type: 'string' },
          },
          additionalProperties: false,
        },
        NewOrder: {
          type: 'object',
          required: ['items'],
          properties: {
            items: { type: 'array', items: { type: 'string' } },
            channel: { type: 'string', enum: ['web', 'phone'] },
          },
          additionalProperties: false,
        },
        Refusal: {
          type: 'object',
          required: ['reason'],
          properties: { reason: { type: 'string', enum: ['closed', 'other'] } },
          additionalProperties: false,
        },
      },
    },
  };
}

type Doc = ReturnType<typeof contract>;

function changed(edit: (doc: Doc) => void): Change[] {
  const after = contract();
  edit(after);
  return diffContracts({ before: contract(), after });
}

const summary = (changes: Change[]) => changes.map((c) => `${c.breaking ? 'breaking' : 'compatible'} ${c.kind} ${c.key}`);

describe('the contract diff', () => {
  it('finds no change between a contract and itself', () => {
    expect(diffContracts({ before: contract(), after: contract() })).toEqual([]);
  });

  it('calls removing an operation the partner calls breaking, and names it', () => {
    const changes = changed((doc) => delete (doc.paths as Record<string, unknown>)['/orders/{id}']);
    expect(summary(changes)).toEqual(['breaking operation-removed operation:getOrder']);
    expect(changes[0].message).toContain('GET /orders/{id}');
  });

  it('calls removing an event breaking and adding one compatible', () => {
    const removed = changed((doc) => delete (doc.webhooks as Record<string, unknown>)['order.created']);
    expect(summary(removed)).toEqual(['breaking webhook-removed webhook:order.created']);
    const added = changed((doc) => {
      (doc.webhooks as Record<string, unknown>)['order.ready'] = doc.webhooks['order.created'];
    });
    expect(summary(added)).toEqual(['compatible webhook-added webhook:order.ready']);
  });

  it('calls removing a required field of what Stream answers breaking for a partner that reads it', () => {
    const changes = changed((doc) => {
      // Order is also what Stream sends to the partner's receiveOrder: either way the partner reads it.
      delete (doc.components.schemas.Order.properties as Record<string, unknown>).status;
      doc.components.schemas.Order.required = ['id'];
    });
    expect(summary(changes)).toEqual(['breaking field-removed schema:Order.status']);
    expect(changes[0].message).toBe('`Order.status` removed');
  });

  it('calls removing an enum value the partner sends breaking, and one only Stream sends compatible', () => {
    const sent = changed((doc) => {
      doc.components.schemas.NewOrder.properties.channel.enum = ['web'];
    });
    expect(summary(sent)).toEqual(['breaking enum-value-removed schema:NewOrder.channel=phone']);
    const received = changed((doc) => {
      doc.components.schemas.Order.properties.status.enum = ['new'];
    });
    expect(summary(received)).toEqual(['compatible enum-value-removed schema:Order.status=ready']);
  });

  it('calls an optional field compatible in either direction', () => {
    const changes = changed((doc) => {
      (doc.components.schemas.NewOrder.properties as Record<string, unknown>).coupon = { type: 'string' };
      (doc.components.schemas.Order.properties as Record<string, unknown>).coupon = { type: 'string' };
    });
    expect(summary(changes)).toEqual(['compatible field-added schema:Order.coupon', 'compatible field-added schema:NewOrder.coupon']);
    expect(requiredBump(changes)).toBe('minor');
  });

  it('calls a new required field breaking in what the partner sends but not in what Stream sends', () => {
    const changes = changed((doc) => {
      (doc.components.schemas.NewOrder.properties as Record<string, unknown>).total = { type: 'integer' };
      doc.components.schemas.NewOrder.required = ['items', 'total'];
      (doc.components.schemas.Order.properties as Record<string, unknown>).total = { type: 'integer' };
      doc.components.schemas.Order.required = ['id', 'status', 'total'];
    });
    expect(summary(changes)).toEqual(['breaking field-added schema:NewOrder.total', 'compatible field-added schema:Order.total']);
  });

  it('judges a constraint by who sends the value: narrower is breaking for what the partner sends, wider for what Stream sends', () => {
    const wider = changed((doc) => {
      doc.components.schemas.Order.properties.id.maxLength = 128;
    });
    expect(summary(wider)).toEqual(['breaking constraint-changed schema:Order.id']);
    const narrower = changed((doc) => {
      doc.components.schemas.Order.properties.id.maxLength = 32;
    });
    expect(summary(narrower)).toEqual(['compatible constraint-changed schema:Order.id']);
  });

  it('reports a type change as breaking', () => {
    const changes = changed((doc) => {
      (doc.components.schemas.Order.properties.id as Record<string, unknown>).type = 'integer';
    });
    expect(summary(changes)).toEqual(['breaking type-changed schema:Order.id']);
  });

  it('judges response codes by who answers', () => {
    const partnerAnswers = changed((doc) => {
      (doc.paths['/partner/orders'].post.responses as Record<string, unknown>)['409'] = { description: 'Duplicate.' };
    });
    expect(summary(partnerAnswers)).toEqual(['compatible response-added operation:receiveOrder#response:409']);
    const streamStopsAccepting = changed((doc) => {
      delete (doc.paths['/partner/orders'].post.responses as Record<string, unknown>)['201'];
      (doc.paths['/partner/orders'].post.responses as Record<string, unknown>)['200'] = doc.paths['/partner/orders'].post.responses['201'];
    });
    expect(summary(streamStopsAccepting)).toEqual(['compatible response-added operation:receiveOrder#response:200', 'breaking response-removed operation:receiveOrder#response:201'].sort((a, b) => (a.startsWith('breaking') ? -1 : b.startsWith('breaking') ? 1 : 0)));
    const newStreamError = changed((doc) => {
      (doc.paths['/orders'].post.responses as Record<string, unknown>)['429'] = { description: 'Slow down.' };
    });
    expect(summary(newStreamError)).toEqual(['compatible response-added operation:createOrder#response:429']);
  });

  it('treats a signature moved from an API-key scheme to a required header parameter as the same credentials', () => {
    const changes = changed((doc) => {
      doc.paths['/partner/orders'].post.security = [{ bearerAuth: [] }] as never;
    });
    expect(summary(changes)).toEqual(['compatible security-changed operation:receiveOrder#security']);
    const unsigned = changed((doc) => {
      doc.paths['/partner/orders'].post.security = [{ bearerAuth: [] }] as never;
      doc.paths['/partner/orders'].post.parameters = [];
    });
    expect(summary(unsigned)).toContain('breaking parameter-removed operation:receiveOrder#parameter:header:stream-signature');
    const unauthenticated = changed((doc) => {
      doc.paths['/partner/orders'].post.security = [{ signature: [] }] as never;
    });
    expect(summary(unauthenticated)).toEqual(['breaking security-changed operation:receiveOrder#security']);
  });

  it('calls a new required header that Stream sends compatible, and one the partner must send breaking', () => {
    const header = { name: 'Idempotency-Key', in: 'header', required: true, schema: { type: 'string' } };
    const stream = changed((doc) => {
      doc.webhooks['order.created'].post = { ...doc.webhooks['order.created'].post, parameters: [header] } as never;
    });
    expect(summary(stream)).toEqual(['compatible parameter-added webhook:order.created#parameter:header:idempotency-key']);
    const partner = changed((doc) => {
      doc.paths['/orders'].post = { ...doc.paths['/orders'].post, parameters: [header] } as never;
    });
    expect(summary(partner)).toEqual(['breaking parameter-added operation:createOrder#parameter:header:idempotency-key']);
  });

  it('sees no change in a minProperties that the required fields already imply', () => {
    const changes = changed((doc) => {
      (doc.components.schemas.Refusal as Record<string, unknown>).minProperties = 1;
    });
    expect(changes).toEqual([]);
  });

  it('reports wording alone as a description change, which needs only a patch version', () => {
    const changes = changed((doc) => {
      (doc.components.schemas.Order as Record<string, unknown>).description = 'An order.';
    });
    expect(summary(changes)).toEqual(['compatible description-changed schema:Order']);
    expect(requiredBump(changes)).toBe('patch');
  });

  it('lists a value rule written in an x-stream extension as a change that needs a minor version, and a changed or removed one too', () => {
    const rules = (doc: ReturnType<typeof contract>) =>
      ((doc.paths['/orders'].post as Record<string, unknown>)['x-stream-rules'] ??= []) as Record<string, unknown>[];
    const added = changed((doc) => {
      rules(doc).push({ rule: 'total-adds-up', code: 'invalid_order', sum: { total: '/total', parts: '/lines/*/price' } });
    });
    expect(summary(added)).toEqual(['compatible rule-added operation:createOrder#x-stream-rules:/:total-adds-up']);
    expect(requiredBump(added)).toBe('minor');

    const before = contract();
    rules(before).push({ rule: 'total-adds-up', code: 'invalid_order' });
    const after = contract();
    rules(after).push({ rule: 'total-adds-up', code: 'invalid_total' });
    expect(summary(diffContracts({ before, after }))).toEqual(['compatible rule-changed operation:createOrder#x-stream-rules:/:total-adds-up']);
    expect(summary(diffContracts({ before, after: contract() }))).toEqual(['compatible rule-removed operation:createOrder#x-stream-rules:/:total-adds-up']);
  });

  it('lists an error code written down for one case of a refusal as a change that needs a minor version', () => {
    const added = changed((doc) => {
      (doc.paths['/orders'].post as Record<string, unknown>)['x-stream-error-cases'] = [{ rule: 'wrong-client-is-invalid-client', code: 'invalid_client', when: 'the client credentials are wrong' }];
    });
    expect(summary(added)).toEqual(['compatible rule-added operation:createOrder#x-stream-error-cases:/:wrong-client-is-invalid-client']);
    expect(requiredBump(added)).toBe('minor');
  });

  it('lists the places a contract marks deprecated', () => {
    const doc = contract();
    (doc.components.schemas.Order.properties.note as Record<string, unknown>).deprecated = true;
    expect(deprecatedKeys(doc)).toEqual(['schema:Order.note']);
  });
});

function manifest(deprecations: Manifest['deprecations'] = []): Manifest {
  return { api: 'pos', releases: [{ version: '1.2.0', date: '2026-01-01', summary: 'Test.', changes: [] }], deprecations, corrections: [] };
}

describe('the breaking-change gate', () => {
  const removal = changed((doc) => delete (doc.paths as Record<string, unknown>)['/orders/{id}']);
  const entry = { target: 'operation:getOrder', announced: '2026-01-01', version: '1.2.0', replacement: 'Use listOrders.' };

  it('refuses a breaking change without a major version', () => {
    const result = checkGate({ api: 'pos', manifest: manifest([entry]), version: '1.3.0', date: '2026-08-01', changes: removal, working: contract() });
    expect(result.ok).toBe(false);
    expect(result.problems.join('\n')).toContain('needs a major version: set info.version to 2.0.0');
  });

  it('refuses a breaking change with a major version but no deprecation entry, naming the change', () => {
    const result = checkGate({ api: 'pos', manifest: manifest(), version: '2.0.0', date: '2026-08-01', changes: removal, working: contract() });
    expect(result.ok).toBe(false);
    expect(result.problems.join('\n')).toContain('Breaking change not announced: Operation `GET /orders/{id}` (`getOrder`) removed');
  });

  it('refuses a breaking change before its deprecation period is over', () => {
    const result = checkGate({ api: 'pos', manifest: manifest([entry]), version: '2.0.0', date: '2026-03-01', changes: removal, working: contract() });
    expect(result.problems.join('\n')).toContain('may go in a release dated 2026-06-30 or later');
  });

  it('lets a breaking change through with a major version and an entry announced long enough before', () => {
    const result = checkGate({ api: 'pos', manifest: manifest([entry]), version: '2.0.0', date: '2026-07-01', changes: removal, working: contract() });
    expect(result).toEqual({ ok: true, problems: [], pending: undefined });
  });

  it('lets compatible changes land before their release, saying which version they need', () => {
    const added = changed((doc) => {
      (doc.components.schemas.Order.properties as Record<string, unknown>).coupon = { type: 'string' };
    });
    const result = checkGate({ api: 'pos', manifest: manifest(), version: '1.2.0', date: '2026-01-01', changes: added, working: contract() });
    expect(result).toEqual({ ok: true, problems: [], pending: '1.3.0' });
  });

  it('refuses a deprecated mark that has no deprecation entry', () => {
    const doc = contract();
    (doc.components.schemas.Order.properties.note as Record<string, unknown>).deprecated = true;
    const result = checkGate({ api: 'pos', manifest: manifest(), version: '1.2.0', date: '2026-01-01', changes: [], working: doc });
    expect(result.problems).toEqual([expect.stringContaining('schema:Order.note is marked deprecated: true but has no deprecation entry')]);
  });

  it('lets a correction through in the version its entry names, listed as compatible with its reason, and in no other version', () => {
    const tightened = changed((doc) => {
      (doc.components.schemas.NewOrder as Record<string, unknown>).required = ['items', 'channel'];
    });
    expect(tightened.some((change) => change.breaking)).toBe(true);
    const correction = { target: 'schema:NewOrder', version: '1.3.0', reason: 'The description always required a channel.' };
    const shipped = applyCorrections(tightened, [correction], '1.3.0');
    expect(shipped.filter((change) => change.breaking)).toEqual([]);
    expect(shipped.find((change) => change.key.startsWith('schema:NewOrder'))!.reason).toBe('Correction: The description always required a channel.');
    expect(checkGate({ api: 'pos', manifest: { ...manifest(), corrections: [correction] }, version: '1.3.0', date: '2026-01-02', changes: shipped, working: contract() }).ok).toBe(true);
    const later = applyCorrections(tightened, [correction], '1.4.0');
    expect(later.some((change) => change.breaking)).toBe(true);
    expect(checkGate({ api: 'pos', manifest: { ...manifest(), corrections: [correction] }, version: '1.4.0', date: '2026-01-02', changes: later, working: contract() }).ok).toBe(false);
  });

  it('matches an entry to the place it names and everything inside it, and nothing else', () => {
    const named = { ...entry, target: 'schema:Order.status' };
    expect(covers(named, 'schema:Order.status')).toBe(true);
    expect(covers(named, 'schema:Order.status=ready')).toBe(true);
    expect(covers(named, 'schema:Order.statusText')).toBe(false);
    expect(covers(named, 'schema:Order')).toBe(false);
  });
});
