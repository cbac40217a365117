import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { verifyWebhook } from '@stream-partner/contracts';
import { describe, expect, it } from 'vitest';
import { ACCEPTED_FORMS, MISSING_FORMS, NON_ASCII_TEXT, REFUSED_FORMS } from '../src/certify/signature-forms.js';

const vectors = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('@stream-partner/contracts/test-vectors.json'), 'utf8')) as { name: string; expected: string }[];
const SECRET = 'whsec_forms';
const BODY = { event_id: 'evt_1', type: 'new_order', data: { id: 'ord_1', name: 'Burger' } };

function outcome(raw: string, signature: string | null): string {
  try {
    verifyWebhook({ secret: SECRET, body: raw, signature });
    return 'valid';
  } catch (error) {
    return (error as { code: string }).code;
  }
}

describe('the signature forms certify sends', () => {
  it('include every wrong form of the published test vectors, refused or missing', () => {
    const wrong = vectors.filter((vector) => vector.expected !== 'valid').map((vector) => vector.name);
    expect(wrong.length).toBeGreaterThan(0);
    const covered = new Set([...REFUSED_FORMS, ...MISSING_FORMS].map((form) => form.vector));
    expect(wrong.filter((name) => !covered.has(name))).toEqual([]);
  });

  it('build refused forms the reference verifier refuses, and accepted forms it accepts, each with other bytes than the compact body', () => {
    for (const form of REFUSED_FORMS) {
      const { raw, signature } = form.build(structuredClone(BODY), 'data.name', SECRET);
      expect(outcome(raw, signature), form.what).not.toBe('valid');
    }
    for (const form of MISSING_FORMS) expect(outcome(form.build(BODY, 'data.name', SECRET).raw, form.build(BODY, 'data.name', SECRET).signature)).toBe('signature_missing');
    for (const form of ACCEPTED_FORMS) {
      const { raw, signature } = form.build(structuredClone(BODY), 'data.name', SECRET);
      expect(outcome(raw, signature), form.what).toBe('valid');
      expect(raw, form.what).not.toBe(JSON.stringify(BODY));
    }
    expect(ACCEPTED_FORMS.some((form) => form.build(structuredClone(BODY), 'data.name', SECRET).raw.includes(NON_ASCII_TEXT))).toBe(true);
  });
});
