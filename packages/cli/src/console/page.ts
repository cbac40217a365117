// The console's page and its static files. `GET /?token=…` (the URL the banner prints) trades the
// token for a session cookie and redirects to `/`, so the token leaves the address bar and history;
// `GET /` without the cookie says where to find that URL. The page itself carries no token.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ConsoleGuard } from './guard.js';

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

export function registerPage({ app, guard }: { app: FastifyInstance; guard: ConsoleGuard }): void {
  const serveIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    const refused = guard.refuseRead(request, reply);
    if (refused !== undefined) return refused;
    pageHeaders(reply);
    const given = (request.query as { token?: unknown }).token;
    if (given !== undefined) {
      if (typeof given !== 'string' || !guard.isToken(given)) {
        return reply
          .code(403)
          .type('text/plain; charset=utf-8')
          .send('This console link holds a token this sandbox did not issue: the sandbox was restarted, or the link was mistyped. Open the Console URL the running sandbox printed in its terminal.');
      }
      // 303 to a URL without the token; the browser keeps the #route across the redirect.
      return reply.code(303).header('Set-Cookie', guard.sessionCookie()).header('Location', '/').send();
    }
    if (!guard.holdsToken(request)) {
      return reply
        .code(401)
        .type('text/plain; charset=utf-8')
        .send(
          'The sandbox console opens only from the URL the sandbox printed in the terminal that started it:\n\n  Console (open in your browser)   http://127.0.0.1:<port>/?token=…\n\nThe token keeps other programs and users on this machine out of the console. Open that URL once; the browser then keeps a session for this sandbox until it stops.\n',
        );
    }
    const dir = consoleAssetsDir();
    if (dir === undefined) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The sandbox console is not built into this copy of stream-partner. Build it with npm run build -w packages/console (or npm run pack), then restart the sandbox. The API itself works: see the banner for its routes.');
    }
    return reply.type('text/html; charset=utf-8').send(readFileSync(join(dir, 'index.html'), 'utf8'));
  };
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
