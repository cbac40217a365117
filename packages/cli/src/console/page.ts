// The console's page: index.html (which carries the control token) and its content-hashed assets,
// from the console build shipped next to the CLI.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ConsoleHub } from './hub.js';

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

export function registerPage({ app, guard }: ConsoleHub): void {
  // The page. Its index.html carries the control token; assets are content-hashed, so cached for good.
  const serveIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    const refused = guard.refuseRead(request, reply);
    if (refused !== undefined) return refused;
    const dir = consoleAssetsDir();
    reply.header('Cache-Control', 'no-store').header('X-Content-Type-Options', 'nosniff').header('Referrer-Policy', 'no-referrer');
    reply.header('Content-Security-Policy', "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'");
    reply.header('X-Frame-Options', 'DENY');
    if (dir === undefined) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The sandbox console is not built into this copy of stream-partner. Build it with npm run build -w packages/console (or npm run pack), then restart the sandbox. The API itself works: see the banner for its routes.');
    }
    const html = readFileSync(join(dir, 'index.html'), 'utf8').replace('__SANDBOX_CONSOLE_TOKEN__', guard.token);
    return reply.type('text/html; charset=utf-8').send(html);
  };
  app.get('/', serveIndex);
  app.get('/index.html', serveIndex);
  app.get('/assets/*', async (request, reply) => {
    const refused = guard.refuseRead(request, reply);
    if (refused !== undefined) return refused;
    const dir = consoleAssetsDir();
    const name = (request.params as { '*': string })['*'];
    const file = normalize(join(dir ?? '', 'assets', name));
    const type = MIME[extname(file)];
    if (dir === undefined || !file.startsWith(join(dir, 'assets') + sep) || type === undefined || !existsSync(file)) {
      return reply.code(404).type('text/plain; charset=utf-8').send('No such console asset.');
    }
    return reply.header('Cache-Control', 'public, max-age=31536000, immutable').header('X-Content-Type-Options', 'nosniff').type(type).send(readFileSync(file));
  });
}
