import { describe, expect, it } from 'vitest';
import { mayHoldSecret, redact, redactBody } from '../src/redact.js';
import { storeBodyText } from '../src/sandbox/exchange-log.js';
import { SECRET_FIELD_NAMES } from '../src/secret-text.js';

describe('redaction of bodies that hold no secret', () => {
  it('keeps a body without secrets exactly as sent, in the console and in the exchange log', () => {
    const raw = '{"type":"location.status.updated","object":{"status":"active","location_id":"loc-downtown"}}';
    expect(mayHoldSecret(raw)).toBe(false);
    expect(redactBody(raw)).toBe(raw);
    expect(storeBodyText(raw).value).toEqual(JSON.parse(raw));
  });

  it('still redacts a secret whose field name is spelled with a JSON escape or a percent escape', () => {
    const escaped = '{"client_id":"c","\\u0063lient_secret":"cs_hidden_value"}';
    expect(JSON.parse(escaped).client_secret).toBe('cs_hidden_value');
    expect(redactBody(escaped)).not.toContain('cs_hidden_value');
    expect(JSON.stringify(storeBodyText(escaped).value)).not.toContain('cs_hidden_value');
    const form = 'grant_type=client_credentials&client%5Fsecret=cs_hidden_value';
    expect(redactBody(form)).not.toContain('cs_hidden_value');
  });

  it('still redacts secret fields, and credentials whose scheme is written in any case', () => {
    for (const raw of ['{"password":"pw_hidden_value"}', 'Authorization: BASIC pw_hidden_value', 'BEARER pw_hidden_value', '{"nested":{"access_token":"pw_hidden_value"}}']) {
      expect(mayHoldSecret(raw), raw).toBe(true);
      expect(JSON.stringify(storeBodyText(raw).value), raw).not.toContain('pw_hidden_value');
    }
    expect(redact({ access_token: 'x' })).toEqual({ access_token: '[redacted]' });
  });

  it('hides in the console every secret field the exchange log hides, in JSON and in form bodies', () => {
    for (const field of SECRET_FIELD_NAMES) {
      const json = JSON.stringify({ grant_type: 'password', [field]: 'pw_hidden_value', nested: { [field]: 'pw_hidden_value' } });
      expect(redactBody(json), field).not.toContain('pw_hidden_value');
      expect(JSON.stringify(storeBodyText(json).value), field).not.toContain('pw_hidden_value');
      expect(redactBody(`grant_type=password&${field}=pw_hidden_value`), field).not.toContain('pw_hidden_value');
    }
  });
});
