import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readBundledSpec } from './bundledSpecs';
import { errorAnswersData } from './errorAnswers';
import { valueRelationsData } from './relations';

const SPECS_DIST = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', 'specs', 'dist');
const spec = (api: string) => readBundledSpec(SPECS_DIST, api);

describe('the error answers a guide shows', () => {
  it("shows the POS webhook's 400 with every code the contract lists and the in-store rules under the code each is refused with", () => {
    const { rows } = errorAnswersData(spec('pos'), 'pos', 'sendWebhookEvent');
    expect(rows.map((row) => row.status)).toEqual(['400', '401', '413', '415']);
    const refused = rows.find((row) => row.status === '400')!;
    expect(refused.codes).toEqual(['invalid_event', 'invalid_time', 'unknown_order', 'unknown_catalog_object', 'invalid_order', 'unknown_location']);
    expect(refused.rules).toContainEqual({ rule: 'in-store-total-adds-up', code: 'invalid_order' });
    expect(refused.rules).toContainEqual({ rule: 'in-store-ready-after-placed', code: 'invalid_time' });
    expect(refused.rules).toContainEqual({ rule: 'in-store-placed-just-now', code: 'invalid_time' });
    expect(rows.find((row) => row.status === '401')!.codes).toContain('signature_mismatch');
  });

  it("shows under each 401 code of a token endpoint the refusal it names, from x-stream-error-cases", () => {
    for (const api of ['pos', 'dsp']) {
      const refused = errorAnswersData(spec(api), api, 'exchangeToken').rows.find((row) => row.status === '401')!;
      expect(refused.rules).toEqual([
        { rule: 'wrong-client-is-invalid-client', code: 'invalid_client' },
        { rule: 'bad-grant-is-invalid-grant', code: 'invalid_grant' },
      ]);
    }
  });

  it('fails the build for an operation the spec does not have', () => {
    expect(() => errorAnswersData(spec('pos'), 'pos', 'sendWebhookEvents')).toThrow('The pos spec has no operation sendWebhookEvents.');
  });

  it("renders a DSP store's read-back from x-stream-read-back with its requirement, where it applies and each call's answer", () => {
    const { rows } = valueRelationsData(spec('dsp'), 'dsp', ['DSP-SEQ-05']);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.where).toBe('GET /stream-dsp/v1/locations/connection → 200, read after each call');
    expect(rows[0]!.rule).toBe('read with a `location_id`, the answer\'s `location_id` is that `location_id`; after `connectLocation` of that `location_id`, `connected` is `true`; after `disconnectLocation` of that `location_id`, `connected` is `false`');
  });
});
