// `npm run diagrams`: draws every ```mermaid block of the docs to SVG, once per colour mode, into
// site/static/diagrams/<key>-<mode>.svg, and removes SVGs no block uses any more. The SVGs are
// committed, so building the site needs no browser; the remark plugin in
// site/plugins/diagrams places them, and a unit test fails when a block has no current SVG.
//
// Needs Chromium (/usr/bin/chromium, or CHROMIUM_PATH) and the mermaid package.
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { MERMAID_CONFIG } from '../site/plugins/diagrams/theme';
import { COLOR_MODES, diagramKey, mermaidBlocks, svgFileName } from '../site/plugins/diagrams/source';
import { DIAGRAM_SOURCE_DIRS, SVG_DIR, markdownFiles, finishSvg } from '../site/plugins/diagrams/files';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const MERMAID_SCRIPT = createRequire(import.meta.url).resolve('mermaid/dist/mermaid.min.js');

// Each file holds one drawing, so every drawing can use the same element id.
const SVG_ID = 'diagram';

declare const mermaid: {
  initialize(config: unknown): void;
  render(id: string, source: string): Promise<{ svg: string }>;
};

async function main() {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`No Chromium at ${CHROMIUM}. Install it (apt-get install -y chromium) or set CHROMIUM_PATH.`);
  }
  const diagrams = new Map<string, { source: string; file: string }>();
  for (const dir of DIAGRAM_SOURCE_DIRS) {
    for (const file of markdownFiles(dir)) {
      for (const { source } of mermaidBlocks(readFileSync(file, 'utf8'))) {
        diagrams.set(diagramKey(source), { source, file: relative(ROOT, file) });
      }
    }
  }

  mkdirSync(SVG_DIR, { recursive: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  let written = 0;
  try {
    const page = await browser.newPage();
    await page.setContent('<!doctype html><html><body></body></html>');
    await page.addScriptTag({ path: MERMAID_SCRIPT });
    for (const [key, { source, file }] of diagrams) {
      for (const mode of COLOR_MODES) {
        const target = join(SVG_DIR, svgFileName(key, mode));
        if (existsSync(target)) continue;
        const svg = await page
          .evaluate(
            async ({ config, id, text }) => {
              mermaid.initialize(config);
              return (await mermaid.render(id, text)).svg;
            },
            { config: MERMAID_CONFIG[mode], id: SVG_ID, text: source },
          )
          .catch((error: Error) => {
            throw new Error(`${file}: Mermaid could not draw a diagram (${error.message.split('\n')[0]})`);
          });
        writeFileSync(target, finishSvg(svg, MERMAID_CONFIG[mode].themeVariables.background));
        written += 1;
      }
    }
  } finally {
    await browser.close();
  }

  const wanted = new Set([...diagrams.keys()].flatMap((key) => COLOR_MODES.map((mode) => svgFileName(key, mode))));
  let removed = 0;
  for (const name of readdirSync(SVG_DIR)) {
    if (name.endsWith('.svg') && !wanted.has(name)) {
      rmSync(join(SVG_DIR, name));
      removed += 1;
    }
  }
  console.log(`${diagrams.size} diagrams: ${written} SVGs drawn, ${removed} unused removed, in ${relative(ROOT, SVG_DIR)}.`);
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
