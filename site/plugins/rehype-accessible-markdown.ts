import type { Element, Root, Text } from 'hast';
import { visit } from 'unist-util-visit';
import { textOf } from './hast-text';

/**
 * Fixes two accessibility gaps of rendered Markdown: task-list checkboxes get the item's text as
 * their label, and tables (which scroll sideways when wide) can be reached and scrolled with the
 * keyboard.
 */
export default function rehypeAccessibleMarkdown() {
  return (tree: Root) => {
    visit(tree, 'element', (node: Element) => {
      if (node.tagName === 'table') {
        node.properties.tabIndex = 0;
        return;
      }
      const className = node.properties.className;
      const isTaskItem = node.tagName === 'li' && Array.isArray(className) && className.includes('task-list-item');
      if (!isTaskItem) return;
      const checkbox = node.children.find(
        (child): child is Element => child.type === 'element' && child.tagName === 'input',
      );
      const label = node.children
        .filter((child): child is Element | Text => child !== checkbox && (child.type === 'element' || child.type === 'text'))
        .map(textOf)
        .join('')
        .trim();
      if (checkbox && label) checkbox.properties.ariaLabel = label;
    });
  };
}
