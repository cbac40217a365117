// Kit variants that remember what they verified and skip verifying it again (issue 44): a signature
// taken from one delivery then passes any body. Each keys its memory differently, so the one replay
// certify sends (same signature, length, event_id and leading bytes; other last byte) catches them all.
import type { Audience } from '../src/trigger/targets.js';
import type { Mutation } from './kits.js';

/** Where each kit verifies Stream-Signature, its raw-body and header expressions, and a line to declare the memory after. */
const SITES: Record<Audience, { file: string; find: string; raw: string; header: string; after: string }> = {
  pos: {
    file: 'auth.ts',
    find: '    verifyWebhook({ secret, body: request.body as Buffer, headers: request.headers });',
    raw: '(request.body as Buffer)',
    header: "String(request.headers['stream-signature'] ?? '')",
    after: "import type { Store } from './store.js';",
  },
  dsp: {
    file: 'app.ts',
    find: '      verifyWebhook({ secret: config.webhookSecret, body: raw, headers: req.headers });',
    raw: 'raw',
    header: "String(req.headers['stream-signature'] ?? '')",
    after: "import { isSignatureError, validate, verifyWebhook, type Dsp } from '@stream-partner/contracts';",
  },
  events: {
    file: 'app.ts',
    find: '      verifyWebhook({ secret: config.webhookSecret, body: raw, headers: req.headers });',
    raw: 'raw',
    header: "String(req.headers['stream-signature'] ?? '')",
    after: "import { isSignatureError, validate, verifyWebhook, type Events } from '@stream-partner/contracts';",
  },
};

const REQUIREMENT: Record<Audience, string> = { pos: 'POS-SEC-04', dsp: 'DSP-SEC-04', events: 'EVT-SEC-02' };

/** A kit that verifies a delivery only when `key` (SIG: the header, RAW: the body's bytes) was not verified before. */
function remembering(audience: Audience, name: string, key: string): Mutation {
  const at = SITES[audience];
  const keyed = key.replaceAll('SIG', at.header).replaceAll('RAW', at.raw);
  const indent = at.find.slice(0, at.find.length - at.find.trimStart().length);
  return {
    name,
    patches: [
      { file: at.file, find: at.after, replace: `${at.after}\nconst verified = new Set<string>();` },
      { file: at.file, find: at.find, replace: `${indent}const seen = ${keyed};\n${indent}if (!verified.has(seen)) {\n${at.find}\n${indent}  verified.add(seen);\n${indent}}` },
    ],
    fails: [REQUIREMENT[audience]],
    reason: /\[signature-of-another-body-refused\] the Stream-Signature of a body answered 20\d, sent with the same bytes but the last .*: answered 20\d/,
  };
}

export const SIGNATURE_REPLAY_MUTANTS: Record<Audience, readonly Mutation[]> = {
  // To spare HMAC work on retries, each verified signature is remembered and a request carrying one is let through.
  events: [remembering('events', 'signature-cached-by-header', 'SIG')],
  // The same, keyed by the signature and the body's length, as a retry's body has the same length.
  dsp: [remembering('dsp', 'signature-cached-with-length', '`${SIG}:${RAW.length}`')],
  // The same, keyed by the signature and the body's first 64 bytes, where the event's id is.
  pos: [remembering('pos', 'signature-cached-with-prefix', '`${SIG}:${RAW.subarray(0, 64).toString()}`')],
};
