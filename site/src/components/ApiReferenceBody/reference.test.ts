import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_REFERENCES } from '../../constants';
import { markdownToHtml } from '../../lib/openapi/markdown';
import { isObject, type JsonValue, type OpenApiDocument } from '../../lib/openapi/types';
import { renderReference } from './testing';

const DIST = join(__dirname, '../../../../specs/dist');

/** Asserts without printing the page: a failure names only what is missing. */
function expectShown(html: string, needle: string | RegExp, what: string): void {
  const shown = typeof needle === 'string' ? html.includes(needle) : needle.test(html);
  expect(shown, `${what} is not in the page`).toBe(true);
}

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
}

function literally(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Every property name, parameter name and enum value anywhere in the spec. */
function collect(value: JsonValue, found: { properties: Set<string>; parameters: Set<string>; enums: Set<string> }): void {
  if (Array.isArray(value)) {
    for (const item of value) collect(item, found);
    return;
  }
  if (!isObject(value)) return;
  if (isObject(value.properties) && (value.type === 'object' || value.type === undefined || Array.isArray(value.type))) {
    for (const name of Object.keys(value.properties)) found.properties.add(name);
  }
  if (Array.isArray(value.enum)) for (const item of value.enum) found.enums.add(typeof item === 'string' ? item : JSON.stringify(item));
  if (typeof value.name === 'string' && typeof value.in === 'string') found.parameters.add(value.name);
  for (const [key, child] of Object.entries(value)) {
    if (key !== 'examples' && key !== 'example') collect(child, found);
  }
}

describe.each(API_REFERENCES.map((reference) => [reference.spec, reference.route]))('the %s API reference (%s)', (api) => {
  const file = join(DIST, `${api}.json`);
  const doc = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as OpenApiDocument) : undefined;
  const html = doc ? renderReference(doc, api) : '';

  it('has a bundled spec to render', () => {
    expect(doc, `${file} is missing: run npm run specs:bundle first`).toBeDefined();
  });

  it('shows every operation with its deep link, method and path', () => {
    for (const [path, item] of Object.entries(doc?.paths ?? {})) {
      for (const [method, operation] of Object.entries(item)) {
        if (!isObject(operation) || typeof operation.operationId !== 'string') continue;
        expectShown(html, `id="operation/${operation.operationId}"`, `operation ${operation.operationId}`);
        expectShown(html, escape(path), `path ${path}`);
      }
    }
  });

  it('links every operation Stream hosts, and only those, to the local sandbox console', () => {
    const hosted: string[] = [];
    for (const item of Object.values(doc?.paths ?? {})) {
      for (const operation of Object.values(item)) {
        if (!isObject(operation) || typeof operation.operationId !== 'string') continue;
        const link = `href="http://127.0.0.1:4010/#/explore/${api}/${operation.operationId}"`;
        if ((operation['x-host'] ?? (item as Record<string, JsonValue>)['x-host']) === 'stream') {
          hosted.push(operation.operationId);
          expectShown(html, link, `the sandbox console link of ${operation.operationId}`);
        } else expect(html.includes(link), `${operation.operationId} is not hosted by Stream`).toBe(false);
      }
    }
    expect(hosted.length, 'every contract has operations Stream hosts').toBeGreaterThan(0);
    expect(html.split('Try it in your local sandbox').length - 1).toBe(hosted.length);
    // A partner who follows the link needs the sandbox running and, once, the console URL from its terminal.
    expect(html.split('paste the Console URL it prints in your terminal').length - 1, 'each link says what it needs').toBe(hosted.length);
    expect(html.split('title="The sandbox must be running on this machine').length - 1, "each link's tooltip says it too").toBe(hosted.length);
  });

  it('shows every webhook with its deep link', () => {
    for (const name of Object.keys(doc?.webhooks ?? {})) expectShown(html, `id="webhook/${escape(name)}"`, `webhook ${name}`);
  });

  it('shows every component schema with its deep link', () => {
    for (const name of Object.keys(doc?.components?.schemas ?? {})) expectShown(html, `id="schema/${escape(name)}"`, `schema ${name}`);
  });

  it('shows every parameter, property and enum value', () => {
    const found = { properties: new Set<string>(), parameters: new Set<string>(), enums: new Set<string>() };
    if (doc) collect(doc as unknown as JsonValue, found);
    expect(found.properties.size).toBeGreaterThan(0);
    for (const name of found.parameters) expectShown(html, `>${escape(name)}</code>`, `parameter ${name}`);
    for (const name of found.properties) expectShown(html, `>${escape(name)}</code>`, `property ${name}`);
    for (const value of found.enums) expectShown(html, `>${escape(value)}</code>`, `enum value ${value}`);
  });

  it('shows what each enum value means where the spec says so (x-enum-descriptions)', () => {
    for (const [name, schema] of Object.entries(doc?.components?.schemas ?? {})) {
      const sentences = schema['x-enum-descriptions'];
      if (!isObject(sentences)) continue;
      for (const [value, sentence] of Object.entries(sentences)) {
        const meaning = typeof sentence === 'string' ? markdownToHtml(sentence) : undefined;
        if (!meaning) continue;
        const pair = new RegExp(`<dt><code[^>]*>${literally(escape(value))}</code></dt><dd[^>]*>${literally(meaning)}</dd>`);
        expectShown(html, pair, `${name} value ${value} with its meaning`);
      }
    }
  });

  it('states each conditional rule of a schema as a sentence under "Rules", never as anonymous "Option" shapes', () => {
    expect(html.includes('>Option 1<'), 'an anyOf of constraints is shown as shapes').toBe(false);
    if (api === 'events' || api === 'pos' || api === 'dsp') {
      expectShown(html, /Rules<\/span><ul[^>]*>(?:<li>(?:(?!<\/ul>).)*?<\/li>)*<li><code>delivery_address<\/code> is required when <code>fulfillment_type<\/code> is <code>merchant_managed_delivery<\/code>/, 'the delivery_address rule');
    }
  });

  it('links the downloads and shares the lang tab group across code samples', () => {
    expectShown(html, `href="/openapi/${api}.yaml"`, 'the YAML download');
    expectShown(html, `href="/openapi/${api}.json"`, 'the JSON download');
    expectShown(html, `href="/downloads/stream-${api}-api.postman_collection.json"`, 'the Postman collection download');
    expectShown(html, 'href="/downloads/stream-collections.bruno.zip"', 'the Bruno collection download');
    if (Object.keys(doc?.paths ?? {}).length > 0) {
      for (const lang of ['curl', 'typescript', 'python']) {
        expectShown(html, new RegExp(`<input[^>]*data-tab-group="lang"[^>]*value="${lang}"`), `a ${lang} tab in the lang group`);
      }
    }
  });
});
