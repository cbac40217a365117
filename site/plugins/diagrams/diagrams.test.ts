import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIAGRAM_SOURCE_DIRS, SVG_DIR, markdownFiles } from './files';
import { COLOR_MODES, diagramKey, mermaidBlocks, readDiagram, svgFileName } from './source';

const SITE_DIR = join(SVG_DIR, '..', '..');

const diagrams = DIAGRAM_SOURCE_DIRS.flatMap(markdownFiles).flatMap((file) =>
  mermaidBlocks(readFileSync(file, 'utf8')).map(({ source, heading }) => ({
    source,
    key: diagramKey(source),
    where: `${relative(SITE_DIR, file)}${heading ? ` (under "${heading}")` : ''}`,
  })),
);

const svgFiles = new Set(readdirSync(SVG_DIR).filter((name) => name.endsWith('.svg')));

function decodeEntities(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => String.fromCodePoint(parseInt(code, 16)))
    .replace(/&(quot|amp|lt|gt|apos|nbsp);/g, (_, name: string) => ({ quot: '"', amp: '&', lt: '<', gt: '>', apos: "'", nbsp: ' ' })[name] ?? '');
}

/**
 * All text an SVG draws: SVG text elements and the HTML labels Mermaid places in foreignObject,
 * one space between elements and between lines.
 */
function svgText(svg: string): string {
  const texts = [...svg.matchAll(/<(text|foreignObject)\b[^>]*>([\s\S]*?)<\/\1>/g)].map(([, , inner]) => inner.replace(/<[^>]+>/g, ' '));
  return decodeEntities(texts.join(' ')).replace(/\s+/g, ' ');
}

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

describe('pre-rendered diagrams', () => {
  it('finds the diagrams the guides draw', () => {
    expect(diagrams.length).toBeGreaterThan(40);
    expect(new Set(diagrams.map((d) => readDiagram(d.source).kind))).toEqual(new Set(['sequence', 'flowchart', 'state', 'er']));
  });

  it('has a current light and dark SVG for every diagram, so a changed diagram fails until `npm run diagrams` is run', () => {
    const stale = diagrams.flatMap(({ key, where }) =>
      COLOR_MODES.filter((mode) => !svgFiles.has(svgFileName(key, mode))).map((mode) => `${where}: no ${svgFileName(key, mode)}`),
    );
    expect(stale, 'run npm run diagrams and commit site/static/diagrams').toEqual([]);
  });

  it('keeps no SVG of a diagram that no longer exists', () => {
    const wanted = new Set(diagrams.flatMap(({ key }) => COLOR_MODES.map((mode) => svgFileName(key, mode))));
    expect([...svgFiles].filter((name) => !wanted.has(name)), 'run npm run diagrams to remove them').toEqual([]);
  });

  it('draws every participant, message, note, alt and else label, node, state, entity and relation label of each diagram in both colour modes', () => {
    const lost: string[] = [];
    for (const { source, key, where } of diagrams) {
      const { labels } = readDiagram(source);
      for (const mode of COLOR_MODES) {
        const name = svgFileName(key, mode);
        if (!svgFiles.has(name)) continue;
        const drawn = svgText(readFileSync(join(SVG_DIR, name), 'utf8'));
        for (const label of labels) if (!drawn.includes(collapse(label))) lost.push(`${where} ${mode}: "${label}"`);
      }
    }
    expect(lost).toEqual([]);
  });

  it("draws each entity-relationship line with its crow's-foot ends, so many-to-many relations stay visible", () => {
    const erDiagrams = diagrams.filter(({ source }) => readDiagram(source).kind === 'er');
    expect(erDiagrams.length).toBeGreaterThan(0);
    for (const { source, key } of erDiagrams) {
      const { relations } = readDiagram(source);
      expect(relations.filter((r) => r.manyToMany).length).toBeGreaterThan(0);
      const expected = relations.map(({ ends: [start, end] }) => `${start}Start ${end}End`).sort();
      for (const mode of COLOR_MODES) {
        const svg = readFileSync(join(SVG_DIR, svgFileName(key, mode)), 'utf8');
        const drawn = [...svg.matchAll(/<path\b[^>]*\bmarker-start="url\(#[^)]*?-(\w+)\)"[^>]*\bmarker-end="url\(#[^)]*?-(\w+)\)"/g)]
          .map(([, start, end]) => `${start} ${end}`)
          .sort();
        expect(drawn, `${mode} mode`).toEqual(expected);
      }
    }
  });
});
