import { keepLeavingGuideHtml } from '../lib/staticGuideHtml';

/** The part of Docusaurus' route-update arguments this module reads. */
interface RouteUpdate {
  location: { pathname: string };
  previousLocation: { pathname: string } | null;
}

/**
 * A plain-HTML guide first opened directly fetched nothing: its text was the server's HTML. As a
 * client-side navigation leaves it (Docusaurus calls this while the guide is still on screen), its
 * text is kept, so coming back renders it at once, without a request.
 */
export function onRouteUpdate({ location, previousLocation }: RouteUpdate): void {
  if (!previousLocation || previousLocation.pathname === location.pathname) return;
  keepLeavingGuideHtml({ leaving: { pathname: previousLocation.pathname, document } });
}
