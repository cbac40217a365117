import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '../src/certify/catalogue.js';
import { catalogueMismatches } from '../src/certify/runner.js';
import { findOperation, listEvents } from '../src/openapi.js';
import { AUDIENCES } from '../src/trigger/targets.js';

describe('the requirement catalogue', () => {
  for (const audience of AUDIENCES) {
    it(`gives every ${audience} requirement exactly one check, and every check a requirement`, () => {
      expect(catalogueMismatches(audience)).toEqual({ unchecked: [], orphaned: [] });
    });

    it(`points every ${audience} requirement at an operation or event its contract has`, () => {
      for (const requirement of loadCatalogue(audience).requirements) {
        const { api, operationId, event } = requirement.contract;
        expect(api).toBe(audience);
        if (operationId !== undefined) expect(() => findOperation(api, operationId), requirement.id).not.toThrow();
        else expect(listEvents(api).map((entry) => entry.name), requirement.id).toContain(event);
      }
    });
  }

  it('uses each requirement id once across the three audiences', () => {
    const ids = AUDIENCES.flatMap((audience) => loadCatalogue(audience).requirements.map((requirement) => requirement.id));
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^(POS|DSP|EVT)-[A-Z]{3}-\d{2}$/);
  });
});
