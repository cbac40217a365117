// The console's page, its static files, and the session the page trades the token for. The banner's
// URL carries the token after `#` (`/#token=…`), which a browser never sends to any server; the page
// reads it, trades it here for the session secret, keeps that in its own origin's storage and drops
// the fragment. `GET /` is the app shell alone: no data, no token, no secret, no cookie.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { refuseWith } from '../sandbox/index.js';
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

const CSP = "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

function pageHeaders(reply: FastifyReply): FastifyReply {
  return reply
    .header('Cache-Control', 'no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Referrer-Policy', 'no-referrer')
    .header('Content-Security-Policy', CSP)
    .header('X-Frame-Options', 'DENY');
}

const NO_SESSION = 'The sandbox console opens only from the URL the sandbox printed in the terminal that started it:\n\n  Console (open in your browser)   http://127.0.0.1:<port>/#token=…\n\nThe token keeps other programs and users on this machine out of the console.\n';

export function registerPage({ app, guard }: { app: FastifyInstance; guard: ConsoleGuard }): void {
  const serveIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    const refused = guard.refuseRead(request, reply);
    if (refused !== undefined) return refused;
    pageHeaders(reply);
    // A token in the query reaches this server, its logs and the browser's history: take it only after `#`.
    if ((request.query as { token?: unknown }).token !== undefined) {
      return reply
        .code(400)
        .type('text/plain; charset=utf-8')
        .send(`This link carries the console token in its query, where servers and logs see it. ${NO_SESSION}`);
    }
    const dir = consoleAssetsDir();
    if (dir === undefined) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The sandbox console is not built into this copy of stream-partner. Build it with npm run build -w packages/console (or npm run pack), then restart the sandbox. The API itself works: see the banner for its routes.');
    }
    // The shell holds nothing of this sandbox; without a session the app says where to find the URL.
    return reply.type('text/html; charset=utf-8').send(readFileSync(join(dir, 'index.html'), 'utf8'));
  };
  // The page trades the token from its URL's fragment for the session secret, which opens what the
  // token opens in the console but is never written to a file, a URL or a cookie.
  app.post('/_sandbox/console/session', async (request, reply) => {
    const refused = guard.refuseRead(request, reply);
    if (refused !== undefined) return refused;
    if (!guard.isToken(first(request.headers[CONSOLE_TOKEN_HEADER]))) {
      return refuseWith(reply, 403, 'console_token_invalid', `This console link holds a token this sandbox did not issue: the sandbox was restarted, or the link was cut short. ${NO_SESSION}`);
    }
    return reply.header('Cache-Control', 'no-store').send({ session: guard.session, header: CONSOLE_SESSION_HEADER });
  });
  app.get('/', serveIndex);
  app.get('/index.html', serveIndex);
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
