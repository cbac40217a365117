import type { ComponentType, ElementType, MouseEvent, ReactNode } from 'react';
import clsx from 'clsx';
import { useHistory } from '@docusaurus/router';
import { useAnchorTargetClassName } from '@docusaurus/theme-common';
import { KEEP_SERVER_HTML, useServerHtml } from './serverHtml';
import { isStaticTree, linkDestination, markStatic } from './staticTree';

export { isStaticTree, linkDestination, markStatic };

/**
 * A guide's paragraphs, lists, tables and quotes are text and links. On a page's first load they
 * keep the server's HTML instead of hydrating it, so the browser does not diff every element of a
 * long guide (twice: hydration, then the re-render once the page knows it runs in a browser).
 * A block holding anything that needs its script (a code block, tabs, a spec component) hydrates
 * as usual; so does every block of a page reached by a client-side navigation.
 */

interface BlockProps {
  children?: ReactNode;
  className?: string;
}

interface StaticBlockOptions {
  /** The HTML element the block renders, when `Element` is a component (which takes no ref). */
  keptAs?: string;
  /** Whether the kept element, with these props, is exactly what `Element` renders. */
  keepIf?: (props: BlockProps) => boolean;
}

/** Wraps an MDX element (`'p'`, `'table'`…) so that, when static, it keeps its server HTML on a first load. */
export function staticBlock(Element: ElementType, { keptAs, keepIf = () => true }: StaticBlockOptions = {}): ComponentType<BlockProps> {
  const Kept = (keptAs ?? Element) as ElementType;
  function StaticBlock(props: BlockProps) {
    const serverHtml = useServerHtml<HTMLElement>();
    const history = useHistory();
    if (!serverHtml.keep || !keepIf(props) || !isStaticTree(props.children)) return <Element {...props} />;
    const { children: _children, ...attributes } = props;
    const onClick = (event: MouseEvent) => {
      const destination = linkDestination(event, window.location);
      if (destination === undefined) return;
      event.preventDefault();
      history.push(destination);
    };
    return <Kept {...attributes} ref={serverHtml.ref} onClick={onClick} dangerouslySetInnerHTML={KEEP_SERVER_HTML} suppressHydrationWarning />;
  }
  markStatic(StaticBlock);
  return StaticBlock;
}

type HeadingLevel = 'h2' | 'h3' | 'h4' | 'h5' | 'h6';

/**
 * A heading with its anchor link, as the theme's MDX heading renders it; when its text is static it
 * keeps the server's HTML on a first load (its `#id` link needs no script). The kept element's
 * attributes must be exactly the theme's, since hydration would remove any others.
 */
export function staticHeading(As: HeadingLevel, Original: ComponentType<BlockProps & { id?: string }>): ComponentType<BlockProps & { id?: string }> {
  function StaticHeading(props: BlockProps & { id?: string }) {
    const serverHtml = useServerHtml<HTMLHeadingElement>();
    const anchorTargetClassName = useAnchorTargetClassName(props.id);
    if (!serverHtml.keep || !props.id || !isStaticTree(props.children)) return <Original {...props} />;
    const { children: _children, ...attributes } = props;
    return (
      <As
        {...attributes}
        ref={serverHtml.ref}
        className={clsx('anchor', anchorTargetClassName, props.className)}
        dangerouslySetInnerHTML={KEEP_SERVER_HTML}
        suppressHydrationWarning
      />
    );
  }
  return StaticHeading;
}
