// The console's page, its static files, and the session the page trades the token for. The banner's
// URL carries the token after `#` (`/#token=…`), which a browser never sends to any server; the page
// reads it, trades it here for the session secret, keeps that in its own origin's storage and drops
// the fragment. `GET /` is the app shell alone: no data, no token, no secret, no cookie, which is why a
// link from another site (the docs) may open it while every other cross-site request is refused.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { answerEarly, refuseWith } from '../sandbox/index.js';
import { CONSOLE_SESSION_HEADER, CONSOLE_TOKEN_HEADER, type ConsoleGuard } from './guard.js';
import { first } from './hub.js';

const MIME: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
  '.woff2': 'font/woff2',
};

const here = dirname(fileURLToPath(import.meta.url));

/** The built console: next to the bundled CLI (dist/console), or the console workspace's own build. */
export function consoleAssetsDir(): string | undefined {
  const candidates = [join(here, 'console'), join(here, '..', '..', 'dist', 'console'), join(here, '..', '..', '..', 'console', 'dist')];
  return candidates.find((dir) => existsSync(join(dir, 'index.html')));
}

/** The page's policy; `images` are the sandbox origins it clears (`PageAddress.sandboxOrigins`), loaded as images and nothing else. */
function pagePolicy(images: readonly string[]): string {
  return `default-src 'self'; img-src 'self' data:${images.map((origin) => ` ${origin}`).join('')}; style-src 'self'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'`;
}

function pageHeaders(reply: FastifyReply, images: readonly string[] = []): FastifyReply {
  return reply
    .header('Cache-Control', 'no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Referrer-Policy', 'no-referrer')
    .header('Content-Security-Policy', pagePolicy(images))
    .header('X-Frame-Options', 'DENY');
}

/** The route whose answer clears the browser's cache and storage for the sandbox's own origin. */
export const CLEAR_ORIGIN_PATH = '/_sandbox/console/clear-origin';

/**
 * The page as served on its own port: with an image from each of the sandbox's origins, so opening
 * the console clears what a squatter left there. An image, not a script's fetch: Chromium applies
 * `Clear-Site-Data` from another port's answer only to a request that sends credentials, as an
 * image's does, and the page then needs no script change and no `connect-src` beyond itself.
 */
function withClearingImages(html: string, origins: readonly string[]): string {
  const images = origins.map((origin) => `<img src="${origin}${CLEAR_ORIGIN_PATH}" alt="" hidden width="0" height="0" referrerpolicy="no-referrer">`).join('');
  return images === '' ? html : html.replace('<body>', `<body>${images}`);
}

const NO_SESSION = 'The sandbox console opens only from the URL the sandbox printed in the terminal that started it:\n\n  Console (open in your browser)   http://127.0.0.1:<port>/#token=…\n\nThe token keeps other programs and users on this machine out of the console.\n';

/** Where the page lives: its own port, chosen afresh each run (`RunningSandbox.listenAlso`). */
export interface PageAddress {
  /** `http://127.0.0.1:41873`: a literal address the sandbox holds, never `localhost`, which browsers may send to `[::1]` first. */
  readonly origin: string;
  readonly port: number;
  /**
   * The sandbox's own origins as a browser may have visited them (`http://127.0.0.1:4010`, where the
   * API reference's links land): the page loads an image from each, whose answer clears what
   * whatever answered that port while it was free left in the browser there (a service worker, a
   * cached script). Without this, a worker set to update through the HTTP cache kept answering that
   * origin for a day: the sandbox hears of it only when the browser checks it for an update.
   */
  readonly sandboxOrigins: readonly string[];
}

/** Whether the request names the sandbox by a loopback name; otherwise it came by a tunnel's or this machine's network name (--allow-remote-console). */
function loopbackHost(request: FastifyRequest): boolean {
  try {
    return ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(`http://${first(request.headers.host) ?? ''}`).hostname);
  } catch {
    return false;
  }
}

/** Served for any service worker a browser holds for the sandbox's origin: it removes itself and reloads its pages from the sandbox. */
const REMOVE_WORKER = `self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.registration.unregister().then(() => self.clients.matchAll({ type: 'window' })).then((pages) => Promise.all(pages.map((page) => page.navigate(page.url))))));
`;

export function registerPage({ app, guard, page }: { app: FastifyInstance; guard: ConsoleGuard; page: () => PageAddress | undefined }): void {
  // The sandbox registers no service worker, so a browser that checks one for this origin (its script
  // fetched with `Service-Worker: script`) holds one that whatever answered this port earlier left.
  // Its update is a worker that removes itself, and the origin's cache and storage are cleared.
  // Answered in the guard's hook, once it let the request through (the Host check comes first).
  answerEarly(app, (request, reply) => {
    if (first(request.headers['service-worker']) !== 'script') return false;
    void reply.code(200).type('text/javascript; charset=utf-8').header('Clear-Site-Data', '"cache", "storage"').send(REMOVE_WORKER);
    return true;
  });
  // Only `/` opens to a link from another site (the API reference's "Try it"): `/index.html` is the same
  // shell, but nothing links to it, so it stays as closed as every other path.
  const serveIndex = (shell: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
    const refused = shell ? guard.refuseShell(request, reply) : guard.refuseRead(request, reply);
    if (refused !== undefined) return refused;
    const address = page();
    // Only on the page's own port (served on the sandbox's, under a tunnel's name, it would clear its own
    // session) and to this machine's browser: another machine's (--allow-remote-console) has its own 127.0.0.1.
    const clears = address !== undefined && request.socket.localPort === address.port && loopbackHost(request) ? address.sandboxOrigins : [];
    pageHeaders(reply, clears);
    // A token in the query reaches this server, its logs and the browser's history: take it only after `#`.
    if ((request.query as { token?: unknown }).token !== undefined) {
      return reply
        .code(400)
        .type('text/plain; charset=utf-8')
        .send(`This link carries the console token in its query, where servers and logs see it. ${NO_SESSION}`);
    }
    // The sandbox's port is the same every run, and whatever answered it while it was free may have
    // left a service worker or a cached script in its origin: on this machine the page runs only on
    // its own port. The browser keeps the fragment (`#/explore/...`) across the redirect. A remote
    // console (a tunnel carries one port) is served where it was asked for.
    if (address !== undefined && request.socket.localPort !== address.port && loopbackHost(request)) {
      // A docs link followed before the console first loads lands here: what reaches the sandbox
      // (no worker in the way, or one that passes requests on) clears the origin as the page's image does.
      return reply.code(302).header('Location', `${address.origin}/`).header('Clear-Site-Data', '"cache", "storage"').type('text/plain; charset=utf-8').send(`The console is at ${address.origin}/`);
    }
    const dir = consoleAssetsDir();
    if (dir === undefined) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The sandbox console is not built into this copy of stream-partner. Build it with npm run build -w packages/console (or npm run pack), then restart the sandbox. The API itself works: see the banner for its routes.');
    }
    // The shell holds nothing of this sandbox; without a session the app says where to find the URL.
    return reply.type('text/html; charset=utf-8').send(withClearingImages(readFileSync(join(dir, 'index.html'), 'utf8'), clears));
  };
  // What the page's images ask for. Anyone may ask: the sandbox's own origin holds nothing of it (the
  // page, its session and its remembered fields live on the page's port), so clearing it loses nothing.
  // Never on the page's port, nor under a tunnel's name, where a remote console keeps its session.
  app.get(CLEAR_ORIGIN_PATH, async (request, reply) => {
    const address = page();
    reply.header('Cache-Control', 'no-store').header('X-Content-Type-Options', 'nosniff');
    if (address === undefined || request.socket.localPort === address.port || !loopbackHost(request)) {
      return reply.code(404).type('text/plain; charset=utf-8').send("Nothing to clear here: this is the console's own origin.");
    }
    return reply.code(204).header('Clear-Site-Data', '"cache", "storage"').send();
  });
  // The page trades the token from its URL's fragment for the session secret, which opens what the
  // token opens in the console but is never written to a file, a URL or a cookie.
  app.post('/_sandbox/console/session', async (request, reply) => {
    const refused = guard.refuseRead(request, reply);
    if (refused !== undefined) return refused;
    const traded = guard.trade(first(request.headers[CONSOLE_TOKEN_HEADER]));
    if (traded === 'spent') {
      return refuseWith(
        reply,
        403,
        'console_link_used',
        `This console URL has already opened the console once, and it opens it only once: a copy kept in a browser's history, a screenshot or a shared screen opens nothing. Use the console tab it opened, or paste the token from the sandbox's token file (${guard.tokenFile() ?? 'its path is in the banner'}, readable only by the user who started the sandbox) here; a restarted sandbox prints a new URL.`,
      );
    }
    if (traded === 'invalid') {
      return refuseWith(reply, 403, 'console_token_invalid', `This console link holds a token this sandbox did not issue: the sandbox was restarted, or the link was cut short. ${NO_SESSION}`);
    }
    return reply.header('Cache-Control', 'no-store').send({ session: guard.session, header: CONSOLE_SESSION_HEADER });
  });
  app.get('/', serveIndex(true));
  app.get('/index.html', serveIndex(false));
  // Assets are the public build, content-hashed, so cached for good; they hold nothing of this sandbox.
  app.get('/assets/*', async (request, reply) => {
    const refused = guard.refuseRead(request, reply);
    if (refused !== undefined) return refused;
    const dir = consoleAssetsDir();
    const name = (request.params as { '*': string })['*'];
    const file = normalize(join(dir ?? '', 'assets', name));
    const type = MIME[extname(file)];
    if (dir === undefined || !file.startsWith(join(dir, 'assets') + sep) || type === undefined || !existsSync(file)) {
      return reply.code(404).header('X-Content-Type-Options', 'nosniff').type('text/plain; charset=utf-8').send('No such console asset.');
    }
    return reply.header('Cache-Control', 'public, max-age=31536000, immutable').header('X-Content-Type-Options', 'nosniff').type(type).send(readFileSync(file));
  });
}
