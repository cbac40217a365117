import { describe, expect, it } from 'vitest';
import { llmsFullText } from './fullText';

describe('llms-full.txt', () => {
  const pages = [
    { url: 'https://docs.example/docs/intro.md', markdown: '# Introduction\n\nWho this is for.\n' },
    { url: 'https://docs.example/api/events.md', markdown: '# Stream Events API\n\n```json\n{"a": 1}\n```\n' },
  ];
  const text = llmsFullText({ title: 'Stream Partner Docs', summary: 'Docs for partners.', pages });

  it('opens with the site title and summary, as llms.txt does', () => {
    expect(text.startsWith('# Stream Partner Docs\n\n> Docs for partners.\n')).toBe(true);
  });

  it('holds every page whole, in the order given, each under the URL of its own copy', () => {
    const first = text.indexOf(`Source: ${pages[0]?.url}\n\n${pages[0]?.markdown.trim()}`);
    const second = text.indexOf(`Source: ${pages[1]?.url}\n\n${pages[1]?.markdown.trim()}`);
    expect(first).toBeGreaterThan(0);
    expect(second).toBeGreaterThan(first);
  });

  it('ends with one newline', () => {
    expect(text.endsWith('```\n')).toBe(true);
  });
});
