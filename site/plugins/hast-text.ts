import type { ElementContent, Root, RootContent } from 'hast';

/** The text a hast node shows, with its markup dropped. */
export function textOf(node: Root | RootContent | ElementContent): string {
  if (node.type === 'text') return node.value;
  if (node.type === 'element' || node.type === 'root') return node.children.map(textOf).join('');
  return '';
}
