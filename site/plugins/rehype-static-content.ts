import type { Root, RootContent } from 'hast';

/** The export a guide's MDX module gets when its content is plain HTML (see DocItem/Content). */
export const STATIC_CONTENT_EXPORT = 'staticContent';

/** Elements the theme renders with a script of their own: code blocks and collapsible details. */
const INTERACTIVE_TAGS = new Set(['pre', 'details', 'button', 'input', 'select', 'textarea', 'form', 'script']);

interface AnyNode {
  type: string;
  tagName?: string;
  /** A JSX element's name. */
  name?: string | null;
  attributes?: { type: string; value?: unknown }[];
  children?: AnyNode[];
}

/** JSX naming an HTML element with literal attributes, such as the `<header>` Docusaurus puts around the title. */
function isHtmlJsx(node: AnyNode): boolean {
  return (
    typeof node.name === 'string' &&
    /^[a-z][a-z0-9]*$/.test(node.name) &&
    !INTERACTIVE_TAGS.has(node.name) &&
    (node.attributes ?? []).every((a) => a.type === 'mdxJsxAttribute' && (a.value === null || typeof a.value === 'string'))
  );
}

/**
 * Whether a page's content is text, links, lists, tables and headings only: no component, no
 * expression, no code block. Such content needs no script, so the browser keeps its server HTML.
 */
export function isStaticContent(tree: Root): boolean {
  const walk = (node: AnyNode): boolean => {
    if (node.type === 'mdxjsEsm' || node.type === 'text' || node.type === 'comment') return true;
    if (node.type === 'root') return (node.children ?? []).every(walk);
    const html = node.type === 'element' ? !INTERACTIVE_TAGS.has(node.tagName ?? '') : /^mdxJsx(Flow|Text)Element$/.test(node.type) && isHtmlJsx(node);
    if (!html) return false;
    return (node.children ?? []).every(walk);
  };
  return walk(tree as AnyNode);
}

/** `export const staticContent = true;`, as MDX expects an ESM node: with its estree. */
function staticExport(): RootContent {
  const value = `export const ${STATIC_CONTENT_EXPORT} = true;`;
  const estree = {
    type: 'Program',
    sourceType: 'module',
    body: [
      {
        type: 'ExportNamedDeclaration',
        specifiers: [],
        source: null,
        declaration: {
          type: 'VariableDeclaration',
          kind: 'const',
          declarations: [
            {
              type: 'VariableDeclarator',
              id: { type: 'Identifier', name: STATIC_CONTENT_EXPORT },
              init: { type: 'Literal', value: true, raw: 'true' },
            },
          ],
        },
      },
    ],
  };
  return { type: 'mdxjsEsm', value, data: { estree } } as unknown as RootContent;
}

/** Marks a guide whose content is plain HTML with `export const staticContent = true`. */
export default function rehypeStaticContent() {
  return (tree: Root) => {
    if (isStaticContent(tree)) tree.children.push(staticExport());
  };
}
