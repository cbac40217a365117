import { describe, expect, it } from 'vitest';
import { extractReferenceFragment } from './fragment';

describe('extractReferenceFragment', () => {
  it('returns the inner HTML of the reference root from minified HTML', () => {
    const html = '<main><div id=api-reference class=api-reference-root data-api=dsp><div><p>Body</p></div></div><span id=api-reference-end hidden></span></main>';
    expect(extractReferenceFragment(html)).toBe('<div><p>Body</p></div>');
  });

  it('returns the inner HTML of the reference root from quoted HTML', () => {
    const html = '<div id="api-reference" data-api="pos"><nav>N</nav><div>C</div></div><span id="api-reference-end" hidden=""></span>';
    expect(extractReferenceFragment(html)).toBe('<nav>N</nav><div>C</div>');
  });

  it('fails clearly when the page has no reference', () => {
    expect(() => extractReferenceFragment('<main></main>')).toThrow('The built page has no #api-reference element');
  });
});
