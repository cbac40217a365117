/**
 * Client module of the api-reference plugin. Docusaurus calls onRouteUpdate when a client-side
 * navigation starts, before it loads the next page's code; a reference's body is a static
 * fragment of up to a megabyte, so its request starts here rather than after the page renders.
 * A direct load (no previous location) already has the body in its HTML and fetches nothing.
 */
import type { ClientModule } from '@docusaurus/types';
import siteConfig from '@generated/docusaurus.config';
import { fragmentUrlFor, loadFragment } from './fragmentLoader';
import { holdAnchor } from './holdAnchor';

const clientModule: ClientModule = {
  onRouteUpdate({ location, previousLocation }) {
    if (!previousLocation || previousLocation.pathname === location.pathname) return;
    const url = fragmentUrlFor(location.pathname, siteConfig.baseUrl);
    // Errors surface when the page asks for the same request; here they would only be noise.
    if (url) loadFragment(url).catch(() => undefined);
  },
  // A jump within a reference that is already shown (a search result, a link of the page's own
  // React parts) is a client-side navigation too; a fetched reference holds its anchor when it arrives.
  onRouteDidUpdate({ location, previousLocation }) {
    if (previousLocation && location.hash) holdAnchor(location.hash);
  },
};

export default clientModule;
