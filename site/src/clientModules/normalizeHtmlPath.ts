/**
 * Runs when the app's bundle is evaluated, before Docusaurus preloads the route's code and
 * hydrates. Docusaurus preloads the chunks of `window.location.pathname` as it stands but renders
 * the normalised route, so at `/index.html` the home page's code is missing at hydration: React
 * reports a mismatch (error #418) and renders the app a second time beside the server markup.
 * Rewriting the address to the plain path first makes the preload, the render and the address bar
 * agree, on any host that serves the page's HTML for such an address.
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import routes from '@generated/routes';
import { pagePaths, plainPath } from './plainPath';

if (ExecutionEnvironment.canUseDOM) {
  const { pathname, search, hash } = window.location;
  const plain = plainPath(pathname, pagePaths(routes));
  if (plain) window.history.replaceState(window.history.state, '', `${plain}${search}${hash}`);
}
