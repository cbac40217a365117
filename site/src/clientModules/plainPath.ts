/**
 * The plain path a `.html` or `/index.html` address stands for (seed §1: such paths are
 * normalised to the plain path), or null when the address is already plain, names a page that is
 * really built with `.html`, or names no page at all (the not-found page then answers).
 *
 * `pages` holds every page route, so `/api/index.html` becomes `/api/` (that route keeps its
 * slash) while `/docs/intro/index.html` becomes `/docs/intro`.
 */
export function plainPath(pathname: string, pages: ReadonlySet<string>): string | null {
  if (pages.has(pathname)) return null;
  const match = /^(.*?)(?:\/index)?\.html$/.exec(pathname);
  if (!match) return null;
  const bare = match[1];
  const candidates = [bare || '/', `${bare}/`, pathname.slice(0, -'.html'.length)];
  return candidates.find((candidate) => pages.has(candidate)) ?? null;
}

interface RouteLike {
  path?: string | readonly string[];
  exact?: boolean;
  routes?: readonly RouteLike[];
}

/** The paths of the routes that are pages (exact), at any depth of the route tree. */
export function pagePaths(routes: readonly RouteLike[], into = new Set<string>()): Set<string> {
  for (const route of routes) {
    if (route.exact && typeof route.path === 'string') into.add(route.path);
    if (route.routes) pagePaths(route.routes, into);
  }
  return into;
}
