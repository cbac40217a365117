// The sandbox's own data routes, `GET /_sandbox/state` and `GET /_sandbox/exchanges`, show orders,
// onboardings and exchanges (secrets redacted): with the console mounted, they answer only the
// token's holders, like every other control route. The terminal user's tools send the token from
// the per-user token file; the page sends its session cookie.
import type { ConsoleHub } from './hub.js';

/** Routes as the sandbox registers them: matched by route, so no spelling of the URL slips past. */
const DATA_ROUTES = new Set(['/_sandbox/state', '/_sandbox/exchanges']);

export function guardSandboxData(hub: ConsoleHub): void {
  hub.app.addHook('onRequest', async (request, reply) => {
    const route = request.routeOptions.url;
    if (route === undefined || !DATA_ROUTES.has(route)) return;
    const refused = hub.guard.refuseData(request, reply);
    if (refused !== undefined) return refused;
  });
}
