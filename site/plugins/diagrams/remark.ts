import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Root } from 'mdast';
import type { MdxJsxAttribute, MdxJsxFlowElement } from 'mdast-util-mdx-jsx';
import { SVG_DIR, svgSize } from './files';
import {
  COLOR_MODES,
  DIAGRAMS_PATH,
  diagramDescription,
  diagramKey,
  diagramTitle,
  mermaidBlocksOfTree,
  readDiagram,
  svgFileName,
} from './source';

export interface Options {
  /** The site's base URL, which the SVGs are served under. */
  baseUrl: string;
}

/**
 * The smallest a diagram is drawn, as a share of its natural size: below it the text is too small
 * to read on a phone, so a wider diagram scrolls sideways inside its frame instead.
 */
const MIN_SCALE = 0.6;

function attribute(name: string, value: string): MdxJsxAttribute {
  return { type: 'mdxJsxAttribute', name, value };
}

/** `style={{ minWidth: '…px', maxWidth: '…px' }}`, as the estree MDX compiles attribute expressions from. */
function sizeStyle(sizes: Record<'minWidth' | 'maxWidth', number>): MdxJsxAttribute {
  const entries = Object.entries(sizes).map(([name, pixels]) => [name, `${pixels}px`] as const);
  return {
    type: 'mdxJsxAttribute',
    name: 'style',
    value: {
      type: 'mdxJsxAttributeValueExpression',
      value: `{${entries.map(([name, value]) => `${name}: '${value}'`).join(', ')}}`,
      data: {
        estree: {
          type: 'Program',
          sourceType: 'module',
          body: [
            {
              type: 'ExpressionStatement',
              expression: {
                type: 'ObjectExpression',
                properties: entries.map(([name, value]) => ({
                  type: 'Property',
                  method: false,
                  shorthand: false,
                  computed: false,
                  kind: 'init',
                  key: { type: 'Identifier', name },
                  value: { type: 'Literal', value, raw: JSON.stringify(value) },
                })),
              },
            },
          ],
        },
      },
    },
  };
}

function element(name: string, attributes: MdxJsxAttribute[], children: MdxJsxFlowElement['children'] = []): MdxJsxFlowElement {
  return { type: 'mdxJsxFlowElement', name, attributes, children };
}

/**
 * Replaces each ```mermaid block with its pre-rendered SVGs (site/static/diagrams, drawn by
 * `npm run diagrams`): one <img> per colour mode, the one not matching the page's theme hidden by
 * CSS, inside a frame that is an image to assistive technology, named by the diagram's title and
 * described by its text summary. No Mermaid code reaches the browser.
 */
export default function remarkPrerenderedDiagrams(options: Options) {
  const base = options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`;
  return (tree: Root, file: { path?: string }) => {
    let index = 0;
    for (const { node, source, heading } of mermaidBlocksOfTree(tree)) {
      index += 1;
      const key = diagramKey(source);
      const missing = COLOR_MODES.map((mode) => svgFileName(key, mode)).filter((name) => !existsSync(join(SVG_DIR, name)));
      if (missing.length) {
        throw new Error(
          `${file.path ?? 'A page'}: the Mermaid diagram ${heading ? `under "${heading}" ` : ''}has no current SVG ` +
            `(${missing.join(', ')}). Run \`npm run diagrams\` and commit site/static/diagrams.`,
        );
      }
      const text = readDiagram(source);
      const { width, height } = svgSize(readFileSync(join(SVG_DIR, svgFileName(key, 'light')), 'utf8'));
      const descriptionId = `diagram-${key}-${index}`;
      const images = COLOR_MODES.map((mode) => {
        const { width: w, height: h } = mode === 'light' ? { width, height } : svgSize(readFileSync(join(SVG_DIR, svgFileName(key, mode)), 'utf8'));
        return element('img', [
          attribute('className', `diagram__image diagram__image--${mode}`),
          attribute('src', `${base}${DIAGRAMS_PATH}/${svgFileName(key, mode)}`),
          attribute('width', String(w)),
          attribute('height', String(h)),
          attribute('alt', ''),
          attribute('loading', 'lazy'),
          attribute('decoding', 'async'),
          sizeStyle({ minWidth: Math.round(w * MIN_SCALE), maxWidth: w }),
        ]);
      });
      const figure = element(
        'figure',
        [attribute('className', `diagram diagram--${text.kind}`), attribute('data-search-ignore', '')],
        [
          element(
            'div',
            [
              attribute('className', 'diagram__frame'),
              attribute('role', 'img'),
              attribute('aria-label', diagramTitle(text, heading)),
              attribute('aria-describedby', descriptionId),
              // A diagram wider than a phone's column scrolls; the keyboard must reach it to scroll.
              attribute('tabIndex', '0'),
            ],
            images,
          ),
          element('div', [attribute('id', descriptionId), attribute('className', 'diagram__description')], [
            { type: 'paragraph', children: [{ type: 'text', value: diagramDescription(text) }] },
          ]),
        ],
      );
      Object.assign(node, figure);
      delete (node as Partial<typeof node>).lang;
      delete (node as Partial<typeof node>).meta;
      delete (node as Partial<typeof node>).value;
    }
  };
}
