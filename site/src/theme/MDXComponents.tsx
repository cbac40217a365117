import MDXComponents from '@theme-original/MDXComponents';
import SchemaFields from '@site/src/components/SchemaFields';
import SpecExample from '@site/src/components/SpecExample';
import { markStatic, staticBlock, staticHeading } from '@site/src/lib/staticBlocks';

// Links, inline code, list items and images render plain HTML; a block code element
// (one with a line break) is a CodeBlock, which hydrates.
markStatic(MDXComponents.a);
markStatic(MDXComponents.li);
markStatic(MDXComponents.img);
markStatic(MDXComponents.code, (props) => typeof props.children === 'string' && !props.children.includes('\n'));

// Registered globally so guides use the spec components without importing them.
export default {
  ...MDXComponents,
  p: staticBlock('p'),
  ol: staticBlock('ol'),
  table: staticBlock('table'),
  blockquote: staticBlock('blockquote'),
  // The theme's list adds a class only to task lists (which have a class of their own).
  ul: staticBlock(MDXComponents.ul, { keptAs: 'ul', keepIf: (props) => props.className === undefined }),
  h2: staticHeading('h2', MDXComponents.h2),
  h3: staticHeading('h3', MDXComponents.h3),
  h4: staticHeading('h4', MDXComponents.h4),
  h5: staticHeading('h5', MDXComponents.h5),
  h6: staticHeading('h6', MDXComponents.h6),
  SchemaFields,
  SpecExample,
};
