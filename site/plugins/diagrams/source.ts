import { createHash } from 'node:crypto';
import { escapeMarkdownHeadingIds, unwrapMdxCodeBlocks } from '@docusaurus/utils';
import remarkDirective from 'remark-directive';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import type { Code, Heading, Root } from 'mdast';
import { MERMAID_CONFIG } from './theme';

/**
 * What the site knows about a Mermaid diagram without drawing it: the key its pre-rendered SVGs
 * are stored under, and the labels, title and text description read from its source. The
 * renderer (`npm run diagrams`), the remark plugin that places the SVGs, and the tests all use
 * this one reading, so they agree on which SVG belongs to which block.
 */

export type ColorMode = 'light' | 'dark';
export const COLOR_MODES: readonly ColorMode[] = ['light', 'dark'];

/** Public path of the SVGs under the site's base URL; the files live in site/static/diagrams. */
export const DIAGRAMS_PATH = 'diagrams';

/**
 * The key of a diagram's SVGs: a hash of its source and of the render settings, so a changed
 * diagram or a changed palette both call for `npm run diagrams`.
 */
export function diagramKey(source: string): string {
  return createHash('sha256')
    .update(JSON.stringify(MERMAID_CONFIG))
    .update('\n')
    .update(normalise(source))
    .digest('hex')
    .slice(0, 16);
}

export const svgFileName = (key: string, mode: ColorMode) => `${key}-${mode}.svg`;

function normalise(source: string): string {
  return source.replace(/\r\n?/g, '\n').trim();
}

export interface MermaidBlock {
  source: string;
  /** The nearest heading above the block, which names what the diagram shows. */
  heading?: string;
}

const parser = unified().use(remarkParse).use(remarkFrontmatter, ['yaml', 'toml']).use(remarkMdx).use(remarkGfm).use(remarkDirective);

function headingText(node: Heading): string {
  let text = '';
  visit(node, (child) => {
    if (child.type === 'text' || child.type === 'inlineCode') text += child.value;
  });
  // Docusaurus's explicit anchors (`## Title {#anchor}`) are not part of the title.
  return text.replace(/\s*\{#[^}]*\}\s*$/, '').trim();
}

/** The ```mermaid blocks of a Markdown or MDX tree, each with the heading above it. */
export function mermaidBlocksOfTree(tree: Root): Array<MermaidBlock & { node: Code }> {
  const blocks: Array<MermaidBlock & { node: Code }> = [];
  let heading: string | undefined;
  visit(tree, (node) => {
    if (node.type === 'heading') heading = headingText(node);
    else if (node.type === 'code' && node.lang === 'mermaid') blocks.push({ node, source: node.value, heading });
  });
  return blocks;
}

/** The ```mermaid blocks of an MDX file's text, parsed as Docusaurus parses it. */
export function mermaidBlocks(mdx: string): MermaidBlock[] {
  // The same preparation Docusaurus applies before parsing (heading anchors, ````mdx-code-block`).
  const prepared = escapeMarkdownHeadingIds(unwrapMdxCodeBlocks(mdx));
  return mermaidBlocksOfTree(parser.parse(prepared) as Root).map(({ source, heading }) => ({ source, heading }));
}

// ---------------------------------------------------------------------------------------------
// Reading a diagram's source. Covers the Mermaid syntax the guides use: sequence diagrams,
// flowcharts, state diagrams and entity-relationship diagrams.

export type DiagramKind = 'sequence' | 'flowchart' | 'state' | 'er' | 'other';

export interface Relation {
  from: string;
  to: string;
  label: string;
  manyToMany: boolean;
  /** "many to many", "one to zero or more", … read from the crow's-foot markers. */
  cardinality: string;
  /** Mermaid's marker names for the two ends, e.g. `zeroOrMore`, `onlyOne`. */
  ends: [string, string];
}

export interface DiagramText {
  kind: DiagramKind;
  /** accTitle, or the diagram's own title, when the author gave one. */
  title?: string;
  /** accDescr, when the author gave one. */
  description?: string;
  /** Every piece of text a reader sees in the drawing. */
  labels: string[];
  /** The drawing as sentences, for readers who cannot see it. */
  summary: string[];
  relations: Relation[];
}

const KIND_NAMES: Record<DiagramKind, string> = {
  sequence: 'Sequence diagram',
  flowchart: 'Flowchart',
  state: 'State diagram',
  er: 'Entity-relationship diagram',
  other: 'Diagram',
};

export const kindName = (kind: DiagramKind) => KIND_NAMES[kind];

// Mermaid's entity codes (`#quot;`, `#59;`) and line breaks inside labels.
function labelText(raw: string): string[] {
  return raw
    .trim()
    .replace(/^"(.*)"$/, '$1')
    .replace(/#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/#(quot|amp|lt|gt);/g, (_, name: string) => ({ quot: '"', amp: '&', lt: '<', gt: '>' })[name] ?? '')
    .split(/<br\s*\/?>/i)
    .map((part) => part.trim())
    .filter(Boolean);
}

const joined = (raw: string) => labelText(raw).join(' ');

function listing(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

function readAccessibility(lines: string[], text: Pick<DiagramText, 'title' | 'description'>): string[] {
  const rest: string[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i];
    const title = /^(?:accTitle\s*:|title\s)\s*(.+)$/.exec(line);
    const descr = /^accDescr\s*:\s*(.+)$/.exec(line);
    if (title) text.title = title[1].trim();
    else if (descr) text.description = descr[1].trim();
    else if (/^accDescr\s*\{/.test(line)) {
      const body: string[] = [line.replace(/^accDescr\s*\{/, '')];
      while (!body[body.length - 1].includes('}') && i + 1 < lines.length) body.push(lines[(i += 1)]);
      text.description = body.join(' ').replace(/\}\s*$/, '').replace(/\s+/g, ' ').trim();
    } else rest.push(line);
  }
  return rest;
}

function readSequence(lines: string[], text: DiagramText) {
  const names = new Map<string, string>();
  const nameOf = (id: string) => names.get(id) ?? id;
  const declare = (id: string, label?: string) => {
    if (names.has(id)) return;
    names.set(id, label ? joined(label) : id);
    text.labels.push(...labelText(label ?? id));
  };
  const steps: string[] = [];
  for (const line of lines) {
    const participant = /^(participant|actor)\s+(\S+?)(?:\s+as\s+(.+))?$/.exec(line);
    const message = /^([^\s:>-][^:>]*?)\s*(--?(?:>>|>|x|\)))[+-]?\s*([^:]+?)\s*:\s*(.*)$/.exec(line);
    const note = /^note\s+(left of|right of|over)\s+([^:]+):\s*(.*)$/i.exec(line);
    const block = /^(alt|else|opt|loop|par|and|critical|option|break)\b\s*(.*)$/.exec(line);
    if (participant) declare(participant[2], participant[3]);
    else if (message) {
      const [, from, , to, body] = message;
      declare(from.trim());
      declare(to.trim());
      text.labels.push(...labelText(body));
      steps.push(`${nameOf(from.trim())} to ${nameOf(to.trim())}: ${joined(body)}.`);
    } else if (note) {
      const over = note[2].split(',').map((id) => nameOf(id.trim()));
      text.labels.push(...labelText(note[3]));
      steps.push(`Note ${note[1]} ${listing(over)}: ${joined(note[3])}.`);
    } else if (block) {
      const [, keyword, label] = block;
      if (label) text.labels.push(...labelText(label));
      const opening: Record<string, string> = {
        alt: 'If',
        else: 'Otherwise, if',
        opt: 'Only if',
        loop: 'Repeated for',
        par: 'In parallel',
        and: 'And in parallel',
        critical: 'Critical',
        option: 'Option',
        break: 'Stops if',
      };
      steps.push(label ? `${opening[keyword]} ${joined(label)}:` : `${keyword === 'else' ? 'Otherwise' : opening[keyword]}:`);
    } else if (line === 'end') steps.push('End of block.');
  }
  text.summary.push(`Participants: ${listing([...names.values()])}.`, ...steps);
}

// A flowchart node: `id`, `id[label]`, `id["label"]`, `id{label}`, `id(label)`, `id([label])`, …
const NODE = /^([\w.-]+)\s*(?:(\[\[|\[\(|\(\[|\(\(|\[|\{\{|\{|\(|>)(.*?)(\]\]|\)\]|\]\)|\)\)|\]|\}\}|\}|\)))?$/;

function readFlowchart(lines: string[], text: DiagramText) {
  const names = new Map<string, string>();
  const node = (raw: string): string => {
    const match = NODE.exec(raw.trim());
    if (!match) return raw.trim();
    const [, id, , label] = match;
    if (label !== undefined && !names.has(id)) {
      names.set(id, joined(label));
      text.labels.push(...labelText(label));
    }
    return id;
  };
  const edges: Array<{ from: string; to: string; label?: string }> = [];
  for (const line of lines) {
    if (/^(subgraph|end|direction|classDef|class|style|linkStyle|click)\b/.test(line)) continue;
    const edge =
      /^(.+?)\s*(?:--\s*(.+?)\s*-->|-->\s*\|(.+?)\||==\s*(.+?)\s*==>|-\.\s*(.+?)\s*\.->|-->|==>|-\.->|---)\s*(.+)$/.exec(line);
    if (edge) {
      const label = edge[2] ?? edge[3] ?? edge[4] ?? edge[5];
      const from = node(edge[1]);
      const to = node(edge[6]);
      if (label) text.labels.push(...labelText(label));
      edges.push({ from, to, label: label ? joined(label) : undefined });
    } else node(line);
  }
  for (const id of new Set(edges.flatMap((e) => [e.from, e.to]))) {
    if (!names.has(id)) {
      names.set(id, id);
      text.labels.push(id);
    }
  }
  text.summary.push(`Steps: ${listing([...names.values()])}.`);
  for (const { from, to, label } of edges) {
    text.summary.push(`${names.get(from)} leads to ${names.get(to)}${label ? ` (${label})` : ''}.`);
  }
}

function readState(lines: string[], text: DiagramText) {
  const names = new Map<string, string>();
  const nameOf = (id: string) => (id === '[*]' ? '' : (names.get(id) ?? id));
  const declare = (id: string) => {
    if (id === '[*]' || names.has(id)) return;
    names.set(id, id);
    text.labels.push(id);
  };
  const groups: string[] = [];
  const transitions: string[] = [];
  for (const line of lines) {
    const composite = /^state\s+"([^"]+)"\s+as\s+(\w+)/.exec(line);
    const transition = /^(\S+)\s*-->\s*([^:\s]+)\s*(?::\s*(.*))?$/.exec(line);
    if (composite) {
      names.set(composite[2], composite[1]);
      text.labels.push(composite[1]);
      groups.push(composite[1]);
    } else if (transition) {
      const [, from, to, label] = transition;
      declare(from);
      declare(to);
      if (label) text.labels.push(...labelText(label));
      const when = label ? ` on ${joined(label)}` : '';
      if (from === '[*]') transitions.push(`Starts in ${nameOf(to)}${when}.`);
      else if (to === '[*]') transitions.push(`${nameOf(from)} is final.`);
      else transitions.push(`${nameOf(from)} to ${nameOf(to)}${when}.`);
    } else if (/^[\w-]+$/.test(line) && !/^(direction|end)$/.test(line)) declare(line);
    else if (/^state\s+(\w+)\s*$/.test(line)) declare(line.split(/\s+/)[1]);
  }
  const states = [...names.entries()].filter(([id, label]) => id === label).map(([id]) => id);
  text.summary.push(`States: ${listing(states)}.`);
  if (groups.length) text.summary.push(`Grouped as: ${listing(groups)}.`);
  text.summary.push(...transitions);
}

const MARKERS: Record<string, string> = {
  '|o': 'zeroOrOne',
  'o|': 'zeroOrOne',
  '||': 'onlyOne',
  '}o': 'zeroOrMore',
  'o{': 'zeroOrMore',
  '}|': 'oneOrMore',
  '|{': 'oneOrMore',
};

const CARDINALITY: Record<string, string> = {
  '|o': 'zero or one',
  'o|': 'zero or one',
  '||': 'exactly one',
  '}o': 'zero or more',
  'o{': 'zero or more',
  '}|': 'one or more',
  '|{': 'one or more',
};

function readEr(lines: string[], text: DiagramText) {
  const entities = new Map<string, string[]>();
  let current: string | undefined;
  for (const line of lines) {
    const relation = /^([\w-]+)\s*([|}][o|])(--|\.\.)([o|][|{])\s*([\w-]+)\s*:\s*(.+)$/.exec(line);
    const open = /^([\w-]+)\s*\{$/.exec(line);
    if (relation) {
      const [, from, left, , right, to, rawLabel] = relation;
      const label = joined(rawLabel);
      for (const name of [from, to]) if (!entities.has(name)) entities.set(name, []);
      const manyToMany = left.includes('}') && right.includes('{');
      const cardinality = `${CARDINALITY[left]} ${from} to ${CARDINALITY[right]} ${to}`;
      text.relations.push({ from, to, label, manyToMany, cardinality, ends: [MARKERS[left], MARKERS[right]] });
      text.labels.push(label);
    } else if (open) {
      current = open[1];
      if (!entities.has(current)) entities.set(current, []);
    } else if (line === '}') current = undefined;
    else if (current) {
      const [type, name, ...keys] = line.split(/\s+/);
      if (!name) continue;
      entities.get(current)?.push(`${name} (${[type, ...keys.filter((k) => /^(PK|FK|UK)$/.test(k))].join(', ')})`);
      text.labels.push(type, name, ...keys.filter((k) => /^(PK|FK|UK)$/.test(k)));
    }
  }
  text.labels.push(...entities.keys());
  for (const [name, attributes] of entities) {
    text.summary.push(`${name}${attributes.length ? `: ${attributes.join('; ')}` : ''}.`);
  }
  for (const relation of text.relations) {
    text.summary.push(`${relation.from} to ${relation.to} through ${relation.label}: ${relation.manyToMany ? 'many to many' : relation.cardinality}.`);
  }
}

/** The labels, relations and a sentence-by-sentence summary of a diagram's source. */
export function readDiagram(source: string): DiagramText {
  const lines = normalise(source)
    .replace(/^---\n[\s\S]*?\n---\n/, (front) => {
      // Front matter may carry the diagram's title.
      const title = /^title:\s*(.+)$/m.exec(front);
      return title ? `title ${title[1]}\n` : '';
    })
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('%%'));
  const text: DiagramText = { kind: 'other', labels: [], summary: [], relations: [] };
  const header = lines.find((line) => !/^(title|accTitle|accDescr)\b/.test(line)) ?? '';
  const body = readAccessibility(lines.slice(lines.indexOf(header) + 1), text);
  readAccessibility(lines.slice(0, lines.indexOf(header)), text);
  if (/^sequenceDiagram\b/.test(header)) {
    text.kind = 'sequence';
    readSequence(body, text);
  } else if (/^(flowchart|graph)\b/.test(header)) {
    text.kind = 'flowchart';
    readFlowchart(body, text);
  } else if (/^stateDiagram(-v2)?\b/.test(header)) {
    text.kind = 'state';
    readState(body, text);
  } else if (/^erDiagram\b/.test(header)) {
    text.kind = 'er';
    readEr(body, text);
  }
  text.labels = [...new Set(text.labels)];
  return text;
}

/** The accessible name of a diagram: its own title, else its kind and the section it sits in. */
export function diagramTitle(text: DiagramText, heading?: string): string {
  if (text.title) return text.title;
  return heading ? `${kindName(text.kind)}: ${heading}` : kindName(text.kind);
}

/** The text description of a diagram: its own accDescr, else the summary read from its source. */
export function diagramDescription(text: DiagramText): string {
  return text.description ?? text.summary.join(' ');
}
