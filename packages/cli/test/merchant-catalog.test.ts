import { describe, expect, it } from 'vitest';
import { missingFromMerchant } from '../src/certify/merchant-catalog.js';

const location = { category: [{ provider_id: 'cat-burgers' }], item_family: [{ provider_id: 'fam-classic' }], item: [{ provider_id: 'item-classic' }], modifier_group: [], modifier: [], menu: [{ provider_id: 'menu-all-day' }], tax: [{ provider_id: 'tax-sf' }] };

describe("the merchant's catalog against a location's", () => {
  it('names every object of the location that an empty merchant catalog lacks, with its list', () => {
    const empty = { category: [], item_family: [], item: [], modifier_group: [], modifier: [], menu: [], tax: [] };
    expect(missingFromMerchant({ merchant: empty, location })).toEqual(['category cat-burgers', 'item_family fam-classic', 'item item-classic', 'menu menu-all-day', 'tax tax-sf']);
  });

  it("finds nothing missing when the merchant's catalog also holds another location's objects", () => {
    const merchant = { ...location, item: [{ provider_id: 'item-classic' }, { provider_id: 'item-uptown-special' }] };
    expect(missingFromMerchant({ merchant, location })).toEqual([]);
  });

  it('does not take an id listed under another object type as the same object', () => {
    const merchant = { ...location, tax: [], item: [{ provider_id: 'item-classic' }, { provider_id: 'tax-sf' }] };
    expect(missingFromMerchant({ merchant, location })).toEqual(['tax tax-sf']);
  });

  it('leaves ids that change from read to read to POS-CAT-02: as many objects of each kind is not a finding of its own', () => {
    const merchant = { ...location, tax: [{ provider_id: 'tax-renumbered-on-this-read' }] };
    expect(missingFromMerchant({ merchant, location })).toEqual([]);
  });
});
