// The State view links an onboarding's entry_url for the merchant to open. The URL is data (a state
// file, a client's onboarding): only an http or https address becomes a link; anything else, a
// `javascript:` URL above all, is shown as text that nobody can click.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { webLink } from '../src/links';
import { NextAction } from '../src/pages/State';

const pending = (entry_url: unknown) => renderToStaticMarkup(createElement(NextAction, { onboarding: { _id: 'onb_1', status: 'pending', entry_url } }));

describe("an onboarding's entry_url in the State view", () => {
  it('is a link when it is an http or https address', () => {
    expect(pending('http://127.0.0.1:4010/_sandbox/onboarding/onb_1/start')).toContain('<a href="http://127.0.0.1:4010/_sandbox/onboarding/onb_1/start">entry_url</a>');
    expect(pending('https://pos.example/connect?x=1')).toContain('<a href="https://pos.example/connect?x=1">entry_url</a>');
  });

  it('is text, never a link, for a javascript:, data: or relative URL, with control characters shown', () => {
    for (const url of ['javascript:alert(document.cookie)', ' JavaScript:alert(1)', 'data:text/html,<script>alert(1)</script>', '//evil.example/x', 'vbscript:x', 'not a url\u202e']) {
      const html = pending(url);
      expect(html, url).not.toContain('<a ');
      expect(html, url).toContain('entry_url <code>');
      expect(html, url).not.toContain('\u202e');
    }
    expect(pending(undefined)).not.toContain('<a ');
    expect(webLink(42)).toBeUndefined();
  });
});
