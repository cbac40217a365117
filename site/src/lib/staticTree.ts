import { isValidElement, type MouseEvent, type ReactNode } from 'react';

/** Components that render plain HTML with nothing to hydrate (for the props they are given). */
const staticComponents = new Map<unknown, (props: Record<string, unknown>) => boolean>();

/** Marks a component whose output is plain HTML, so a block containing it can keep its server HTML. */
export function markStatic(component: unknown, when: (props: Record<string, unknown>) => boolean = () => true): void {
  staticComponents.set(component, when);
}

/** Whether everything under `node` renders plain HTML: HTML elements and components marked static. */
export function isStaticTree(node: ReactNode): boolean {
  if (node === null || node === undefined || typeof node === 'boolean' || typeof node === 'string' || typeof node === 'number') return true;
  if (Array.isArray(node)) return node.every(isStaticTree);
  if (!isValidElement(node)) return false;
  const props = node.props as Record<string, unknown> & { children?: ReactNode };
  if (typeof node.type !== 'string' && !staticComponents.get(node.type)?.(props)) return false;
  return isStaticTree(props.children);
}

/** A path the router shows (a page, not a file such as /openapi/pos.yaml or a .md copy). */
function isRoutePath(pathname: string): boolean {
  return !/\.[a-z0-9]+$/i.test(pathname);
}

/**
 * Where a click on a link in kept HTML should take the router, or undefined when the browser should
 * handle it (another site, a file, a new tab, a jump within the page). In kept HTML, links are plain `<a>` elements: this follows a click on an internal one with the
 * `<a>` elements; following them with the router, as Docusaurus' Link does, avoids a full reload.
 */
export function linkDestination(event: Pick<MouseEvent, 'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey' | 'defaultPrevented' | 'target'>, location: Location): string | undefined {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return undefined;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self') || link.hasAttribute('download')) return undefined;
  const url = new URL(link.href, location.href);
  if (url.origin !== location.origin || !isRoutePath(url.pathname)) return undefined;
  // A link within the page is left to the browser, as Link leaves `#anchor` links.
  if (url.pathname === location.pathname && url.search === location.search) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}
