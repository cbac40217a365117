// Finds the guide code blocks marked ```ts sample="<server>" (or ```python sample="<server>"): the
// same text the page shows, collected in page order so a test can assemble them into one server.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const DOCS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'docs');

export type SampleLanguage = 'ts' | 'python';

export interface SampleBlock {
  /** The servers the block belongs to (`sample="pos dsp"`): `pos`, `dsp`, `events`, `python-server`... */
  readonly servers: readonly string[];
  readonly language: SampleLanguage;
  /** `docs/<page>.mdx:<line>`, for error messages. */
  readonly where: string;
  readonly code: string;
}

const LANGUAGES: Readonly<Record<string, SampleLanguage>> = { ts: 'ts', typescript: 'ts', py: 'python', python: 'python' };

function pages(dir = DOCS_DIR): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return pages(path);
      return /\.mdx?$/.test(entry.name) ? [path] : [];
    });
}

export interface CodeBlock {
  /** The fence's language as written (`ts`, `python`, `bash`...). */
  readonly language: string;
  /** What follows the language on the fence line (`sample="pos"`, `title="..."`). */
  readonly meta: string;
  /** `docs/<page>.mdx:<line>`, for error messages. */
  readonly where: string;
  readonly code: string;
}

/** Every fenced code block of every guide page, in page order. */
export function codeBlocks(): CodeBlock[] {
  const blocks: CodeBlock[] = [];
  for (const path of pages()) {
    const source = readFileSync(path, 'utf8');
    const pattern = /^(\s*)(`{3,})([^\s`]*)([^\n]*)\n([\s\S]*?)^\1\2\s*$/gm;
    for (const match of source.matchAll(pattern)) {
      const where = `docs/${relative(DOCS_DIR, path)}:${source.slice(0, match.index).split('\n').length}`;
      blocks.push({ language: match[3], meta: match[4], where, code: match[5] });
    }
  }
  return blocks;
}

/** Every marked block of every guide page; a `sample=` on a language other than TypeScript or Python is an error. */
export function sampleBlocks(): SampleBlock[] {
  const blocks: SampleBlock[] = [];
  for (const block of codeBlocks()) {
    const servers = /\bsample="([\w -]+)"/.exec(block.meta)?.[1].split(' ').filter(Boolean);
    if (servers === undefined || servers.length === 0) continue;
    const language = LANGUAGES[block.language];
    if (language === undefined) throw new Error(`${block.where}: sample="${servers.join(' ')}" is on a \`${block.language}\` block; only TypeScript and Python samples run`);
    blocks.push({ servers, language, where: block.where, code: block.code });
  }
  return blocks;
}

/** The blocks of one server in one language, in page order. */
export function blocksOf(server: string, language: SampleLanguage): SampleBlock[] {
  return sampleBlocks().filter((block) => block.servers.includes(server) && block.language === language);
}
