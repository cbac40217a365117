// Each API reference's Markdown copy, built as the llms plugin builds it, holds what its HTML page
// shows: every example and request sample, every field, every host and URL, every rule.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_REFERENCES } from '../../src/constants';
import { renderReference } from '../../src/components/ApiReferenceBody/testing';
import type { OpenApiDocument } from '../../src/lib/openapi/types';
import { decodeEntities, htmlToMarkdown } from './markdownText';
import { referenceMarkdown } from './referenceMarkdown';

const DIST = join(__dirname, '../../../specs/dist');

const decode = decodeEntities;
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

function literally(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** What the HTML page shows, read from its markup. */
function shownInHtml(html: string) {
  const blocks = [...html.matchAll(/<pre data-language="[^"]*"(?: title="([^"]*)")?>([\s\S]*?)<\/pre>/g)].map((match) => ({
    title: match[1] === undefined ? undefined : decode(match[1]),
    code: decode(match[2] ?? ''),
  }));
  // Code blocks inside descriptions, which micromark renders from the spec's Markdown.
  const described = [...html.matchAll(/<pre><code(?: class="[^"]*")?>([\s\S]*?)<\/code><\/pre>/g)].map((match) => decode(match[1] ?? '').replace(/\n$/, ''));
  // Example tabs are radio inputs named after the media type's examples; code-sample tabs are not.
  const exampleNames = [...html.matchAll(/<input[^>]*name="[^"]*\/(?:request|response)\/[^"]*"[^>]*value="([^"]*)"/g)].map((match) => decode(match[1] ?? ''));
  const fields = new Set([...html.matchAll(/<code class="[^"]*name[^"]*">([^<]*)<\/code>/g)].map((match) => decode(match[1] ?? '')));
  fields.delete('{any key}');
  const text = decode(html.replace(/<[^>]+>/g, ''));
  const spaced = decode(html.replace(/<[^>]+>/g, ' '));
  const urls = new Set([...spaced.matchAll(/https?:\/\/[^\s"'`<>)\]]+/g)].map((match) => match[0].replace(/[.,;:]+$/, '')));
  const rules = [...html.matchAll(/Rules<\/span><ul[^>]*>([\s\S]*?)<\/ul>/g)].flatMap((match) =>
    [...(match[1] ?? '').matchAll(/<li>([\s\S]*?)<\/li>/g)].map((rule) => htmlToMarkdown(rule[1])),
  );
  return { blocks, described, exampleNames, fields, text, urls, rules };
}

describe.each(API_REFERENCES.map((reference) => [reference.spec]))('the Markdown copy of the %s API reference', (api) => {
  const file = join(DIST, `${api}.json`);
  const doc = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as OpenApiDocument) : undefined;
  const html = doc ? renderReference(doc, api) : '';
  const markdown = doc ? referenceMarkdown(doc, { api, page: `https://docs.example/api/${api}`, yaml: 'https://docs.example/a.yaml', json: 'https://docs.example/a.json' }) : '';
  const page = shownInHtml(html);

  it('has a bundled spec to compare', () => {
    expect(doc, `${file} is missing: run npm run specs:bundle first`).toBeDefined();
  });

  it('holds every example and request sample the page shows, with its name and title', () => {
    expect(page.blocks.length).toBeGreaterThan(0);
    const missing = page.blocks.filter((block) => !markdown.includes(block.code)).map((block) => block.title ?? block.code.slice(0, 60));
    expect(missing, 'code blocks of the page missing from the copy').toEqual([]);
    const titles = page.blocks.flatMap((block) => (block.title === undefined || markdown.includes(block.title) ? [] : [block.title]));
    expect(titles, 'example titles missing from the copy').toEqual([]);
    expect(page.exampleNames.filter((name) => !markdown.includes(`Example \`${name}\``)), 'example names missing from the copy').toEqual([]);
  });

  it('shows no example or sample the page does not', () => {
    const codes = new Set([...page.blocks.map((block) => block.code), ...page.described]);
    const fences = [...markdown.matchAll(/^(`{3,})[a-z]*\n([\s\S]*?)\n\1$/gm)].map((match) => match[2] ?? '');
    expect(fences.length).toBe(page.blocks.length + page.described.length);
    expect(fences.filter((code) => !codes.has(code)).map((code) => code.slice(0, 60))).toEqual([]);
  });

  it('names every field the page names, and only those', () => {
    expect(page.fields.size).toBeGreaterThan(0);
    const missing = [...page.fields].filter((name) => !new RegExp(`[\`.]${literally(name)}(?:[\`.[]| \\[)`).test(markdown));
    expect(missing, 'fields of the page missing from the copy').toEqual([]);
    const rows = [...markdown.matchAll(/^\| `([^`]*)` \|/gm)].map((match) => match[1] ?? '');
    const segments = new Set(rows.flatMap((row) => row.replace(/\s*\[[^\]]*\]/g, '').split('.').map((segment) => segment.replace(/\[\]$/, ''))));
    for (const segment of ['', '*']) segments.delete(segment);
    expect([...segments].filter((name) => !page.fields.has(name)), 'fields of the copy the page does not show').toEqual([]);
  });

  it('gives every URL and host the page shows, including each operation’s full URL', () => {
    const missing = [...page.urls].filter((url) => !markdown.includes(url));
    expect(missing, 'URLs of the page missing from the copy').toEqual([]);
    const endpoints = [...markdown.matchAll(/^`(?:GET|PUT|POST|DELETE|PATCH|HEAD|OPTIONS|TRACE) ([^`]+)` · operation ID/gm)].map((match) => match[1] ?? '');
    expect(endpoints.length).toBe(Object.values(doc?.paths ?? {}).flatMap((item) => Object.keys(item).filter((key) => METHODS.includes(key))).length);
    for (const url of endpoints) {
      expect(url, 'an operation URL in the copy starts with its host').toMatch(/^https?:\/\/[^/]+\//);
      expect(page.text.includes(url), `${url} is on the page`).toBe(true);
    }
  });

  it('states every conditional rule the page states', () => {
    expect(page.rules.filter((rule) => !markdown.includes(rule)), 'rules missing from the copy').toEqual([]);
  });
});

describe('the Markdown copy of the events API reference', () => {
  const doc = JSON.parse(readFileSync(join(DIST, 'events.json'), 'utf8')) as OpenApiDocument;
  const markdown = referenceMarkdown(doc, { api: 'events', page: 'https://docs.example/api/events', yaml: 'y', json: 'j' });

  it("sends delivery updates to Stream's host, not to the provider's", () => {
    expect(markdown).toContain('`POST https://api.stream.example/event-provider/{partner_slug}/webhook` · operation ID `sendDeliveryUpdate`');
    expect(markdown).toContain('Event provider calls Stream, at `https://api.stream.example`.');
    expect(markdown).toContain('`POST https://events.provider.example/event` · operation ID `receiveOrderEvent`');
    expect(markdown).toContain('Stream calls Event provider, at your own host (`https://events.provider.example` in the examples).');
  });

  it('lists the fields of both delivery update shapes instead of an untyped body', () => {
    expect(markdown).not.toMatch(/Type: any \(DeliveryUpdateEvent\)/);
    expect(markdown).toContain('| `[AssignDriverEvent].driver.name` |');
    expect(markdown).toContain('| `[DeliveryStatusEvent].delivery_status` |');
  });

  it('lists, on the page and in its copy, the 400 for a broken body under every order event POST /event says it covers', () => {
    const html = renderReference(doc, 'events');
    const events = Object.keys(doc.webhooks ?? {});
    expect(events).toEqual(['order.confirmed', 'order.updated', 'order.canceled']);
    for (const event of events) {
      // The page's section for this event, up to the next event or the schemas.
      const start = html.indexOf(`id="webhook/${event}"`);
      const next = Math.min(...[...events.filter((other) => other !== event).map((other) => html.indexOf(`id="webhook/${other}"`, start + 1)), html.indexOf('id="section/schemas"', start + 1)].filter((at) => at > start));
      const shown = start < 0 ? '' : decode(html.slice(start, next).replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ');
      const answer = shown.slice(shown.indexOf('400 Bad Request'));
      expect(start >= 0 && shown.includes('400 Bad Request'), `${event} shows a 400`).toBe(true);
      expect(/breaks the contract/.test(answer.slice(0, 600)), `${event}'s 400 says it is for a body that breaks the contract`).toBe(true);
      expect(shown.includes('The event does not match the contract: object.order_id is required.'), `${event}'s 400 shows EventBreaksContract`).toBe(true);
      const section = markdown.slice(markdown.indexOf(`### ${event === 'order.confirmed' ? 'Order confirmed' : event === 'order.updated' ? 'Order updated' : 'Order canceled'}`));
      const own = section.slice(0, section.indexOf('\n### ', 4)).replace(/\s+/g, ' ');
      expect(own, event).toMatch(/Response `400`: [^`]*breaks the contract/);
      expect(own, event).toContain('Example `EventBreaksContract`');
    }
  });

  it('states when delivery_address is required as a sentence, not as anonymous options', () => {
    expect(markdown).toContain('`delivery_address` is required when `fulfillment_type` is `merchant_managed_delivery`.');
    expect(markdown).not.toContain('[Option 1]');
  });
});
