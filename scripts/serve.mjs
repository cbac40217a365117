// Serves the production build the way a plain static host does (one file per URL, no
// clean-URL redirects), so `/index.html` and `.html` paths reach the client router as-is.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const MIME_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.yaml': 'application/yaml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.pf_meta': 'application/octet-stream',
  '.pf_index': 'application/octet-stream',
  '.pf_fragment': 'application/octet-stream',
  '.pagefind': 'application/octet-stream',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.yaml', '.txt', '.md', '.xml', '.svg']);

async function isFile(path) {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** Maps a URL path to a file in `root`, or null when the host would answer 404. */
export async function resolveFile(root, urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  const target = normalize(join(root, decoded));
  if (target !== root && !target.startsWith(root + sep)) return null;
  const candidates = [target, join(target, 'index.html')];
  // Hosts commonly answer `/page.html` for a page built as `/page/index.html`.
  if (decoded.endsWith('.html')) candidates.push(join(target.slice(0, -'.html'.length), 'index.html'));
  for (const candidate of candidates) {
    if (await isFile(candidate)) return candidate;
  }
  return null;
}

/** The request handler that serves `root` as a static host does. */
export function staticHandler({ root }) {
  const absoluteRoot = resolve(root);
  const cache = new Map();

  // One entry per file and encoding, replaced when the file changes, so a rebuild into the
  // same folder is served fresh without the cache growing.
  async function load(file, gzip) {
    const { mtimeMs, size } = await stat(file);
    const key = `${file}|${gzip}`;
    const cached = cache.get(key);
    if (cached && cached.mtimeMs === mtimeMs && cached.size === size) return cached.body;
    const raw = await readFile(file);
    const body = gzip ? gzipSync(raw) : raw;
    cache.set(key, { mtimeMs, size, body });
    return body;
  }

  return async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://localhost');
      let file = await resolveFile(absoluteRoot, url.pathname);
      let status = 200;
      if (!file) {
        status = 404;
        file = join(absoluteRoot, '404.html');
      }
      const ext = extname(file);
      const gzip = COMPRESSIBLE.has(ext) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
      const body = await load(file, gzip);
      res.writeHead(status, {
        'Content-Type': MIME_TYPES[ext] ?? 'application/octet-stream',
        'Content-Length': body.length,
        'Cache-Control': file.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        ...(gzip ? { 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' } : {}),
      });
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch (error) {
      res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end(`Could not serve ${req.url}: ${error.message}`);
    }
  };
}

/** How long an idle connection stays open; Node's 5 s default let clients reuse a socket as it closed. */
const KEEP_ALIVE_MS = 65_000;

export function startServer({ root, port = 3000, host = '127.0.0.1' }) {
  const server = createServer(staticHandler({ root }));
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolvePromise(server));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = process.argv[2] ?? 'site/build';
  const port = Number(process.env.PORT ?? 3000);
  if (!(await isFile(join(root, 'index.html')))) {
    console.error(`No build found in ${root}. Run npm run build first.`);
    process.exit(1);
  }
  startServer({ root, port })
    .then(() => console.log(`Serving ${root} at http://127.0.0.1:${port}/ (Ctrl+C to stop)`))
    .catch((error) => {
      console.error(
        error.code === 'EADDRINUSE'
          ? `Port ${port} is in use. Stop the other server or run with PORT=<free port>.`
          : `Could not start the server: ${error.message}`,
      );
      process.exit(1);
    });
}
