import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { verifyWebhook } from '@stream-partner/contracts';
import { describe, expect, it } from 'vitest';
import { ACCEPTED_FORMS, MISSING_FORMS, NON_ASCII_TEXT, REFUSED_FORMS } from '../src/certify/signature-forms.js';
import { signatureCaseIssue, signatureCases } from '../src/signature-cases.js';
import { AUDIENCES } from '../src/trigger/targets.js';

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

  it('tag each refused form with the case whose code every contract names for it, the code the reference verifier and the test vectors give', () => {
    for (const audience of AUDIENCES) {
      const cases = signatureCases(audience);
      expect(cases?.cases.map((entry) => entry.code), audience).toEqual(['signature_missing', 'signature_malformed', 'signature_mismatch']);
      for (const form of [...REFUSED_FORMS, ...MISSING_FORMS]) {
        const named = cases!.cases.find((entry) => entry.case === form.case)!.code;
        const { raw, signature } = form.build(structuredClone(BODY), 'data.name', SECRET);
        expect(outcome(raw, signature), form.what).toBe(named);
        expect(vectors.find((vector) => vector.name === form.vector)?.expected, form.what).toBe(named);
        expect(signatureCaseIssue(audience, form.case!, named)).toBeUndefined();
      }
    }
    expect(signatureCaseIssue('events', 'missing', 'signature_mismatch')).toBe(
      '[signature-code-by-case] answered 401 with code "signature_mismatch", but the contract answers signature_missing when there is no Stream-Signature header, or an empty one',
    );
  });

  it('name, in every contract, the bodies each wrong signature is also sent with: empty, {} and without a type, and the reference verifier refuses each unsigned', () => {
    for (const audience of AUDIENCES) {
      expect(signatureCases(audience)?.bodies, audience).toEqual({ rule: 'signature-on-every-body', shapes: ['empty', 'empty-object', 'untyped'] });
    }
    expect(outcome('', null)).toBe('signature_missing');
    expect(outcome('{}', null)).toBe('signature_missing');
  });
});
