import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SITE_DIR = fileURLToPath(new URL('../..', import.meta.url));

/** Where authors write diagrams: the guides, cut doc versions and Markdown pages. */
export const DIAGRAM_SOURCE_DIRS = ['docs', 'versioned_docs', 'src/pages'].map((dir) => join(SITE_DIR, dir));

/** The committed SVGs, served as /diagrams/<key>-<mode>.svg. */
export const SVG_DIR = join(SITE_DIR, 'static', 'diagrams');

/** Every Markdown and MDX file under a folder (none when it does not exist). */
export function markdownFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.mdx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** A drawing's size in CSS pixels, from its viewBox. */
export function svgSize(svg: string): { width: number; height: number } {
  const viewBox = /<svg\b[^>]*\bviewBox="([-\d.\s]+)"/.exec(svg);
  if (!viewBox) throw new Error('The SVG has no viewBox');
  const [, , width, height] = viewBox[1].trim().split(/\s+/).map(Number);
  return { width: Math.ceil(width), height: Math.ceil(height) };
}

/**
 * Makes Mermaid's output a standalone file for an <img>: a fixed size from its viewBox (the page
 * scales it) and no inline max-width. The ER diagram's "zero" circles come filled white; they take
 * the page background, so in dark mode they stay hollow rings instead of turning into dots.
 */
export function finishSvg(svg: string, background: string): string {
  const { width, height } = svgSize(svg);
  const root = /<svg\b[^>]*>/.exec(svg)![0];
  const sized = root.replace(/\s(?:width|height|style)="[^"]*"/g, '').replace(/^<svg/, `<svg width="${width}" height="${height}"`);
  return `${svg.replace(root, sized).replaceAll('<circle fill="white"', `<circle fill="${background}"`)}\n`;
}
