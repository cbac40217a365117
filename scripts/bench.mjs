// `npm run bench`: builds the site from cold, then prints per page type the JavaScript and CSS a
// browser transfers (gzip), the HTML size, Lighthouse mobile scores, and the contracts package's
// throughput. Figures are printed beside their budgets; nothing here fails a test run.
//
// Options: --skip-build (measure the existing site/build), --no-lighthouse, --pages=/a,/b
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startServer } from './serve.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const BUILD_DIR = join(ROOT, 'site', 'build');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'];
const args = new Set(process.argv.slice(2));
const pagesArg = process.argv.find((a) => a.startsWith('--pages='));

const BUDGETS = {
  guideJsKb: 180,
  apiJsKb: 200,
  performance: 95,
  accessibility: 100,
};

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

function coldBuild() {
  spawnSync('npm', ['run', 'clear', '-w', 'site'], { cwd: ROOT, stdio: 'ignore' });
  const started = process.hrtime.bigint();
  const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (result.status !== 0) throw new Error('npm run build failed; fix the build before benchmarking.');
  return seconds;
}

/** A representative of each page type, read from the build rather than a fixed list. */
function pagesToMeasure() {
  if (pagesArg) return pagesArg.slice('--pages='.length).split(',').map((route) => ({ type: route, route }));
  const pages = [
    { type: 'home', route: '/' },
    { type: 'guide (intro)', route: '/docs/intro' },
  ];
  // The largest guide page stands for the worst case.
  let largest = null;
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name === 'index.html') {
        const size = readFileSync(path).length;
        if (!largest || size > largest.size) largest = { path, size };
      }
    }
  };
  walk(join(BUILD_DIR, 'docs'));
  if (largest) {
    const route = `/${dirname(largest.path).slice(BUILD_DIR.length + 1)}`;
    pages.push({ type: 'guide (largest)', route });
  }
  for (const [type, route] of [
    ['api: partner', '/api/'],
    ['api: dsp', '/api/become-a-dsp'],
    ['api: pos', '/api/become-a-pos'],
    ['api: events', '/api/integrate-with-events'],
  ]) {
    if (existsSync(join(BUILD_DIR, route, 'index.html'))) pages.push({ type, route });
  }
  return pages;
}

async function transferSizes(browser, origin, route) {
  const page = await browser.newPage();
  const sizes = { js: 0, css: 0 };
  page.on('response', async (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    const length = Number(response.headers()['content-length'] ?? 0);
    sizes[type === 'script' ? 'js' : 'css'] += length;
  });
  await page.goto(`${origin}${route}`, { waitUntil: 'networkidle' });
  await page.close();
  const html = readFileSync(join(BUILD_DIR, route, 'index.html'));
  return { ...sizes, html: html.length, htmlGzip: gzipSync(html).length };
}

async function lighthouseScores(origin, route) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  try {
    const result = await lighthouse(`${origin}${route}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
    });
    const c = result.lhr.categories;
    return {
      performance: Math.round(c.performance.score * 100),
      accessibility: Math.round(c.accessibility.score * 100),
      bestPractices: Math.round(c['best-practices'].score * 100),
    };
  } finally {
    await chrome.kill();
  }
}

function verdict(value, limit, higherIsBetter = false) {
  const ok = higherIsBetter ? value >= limit : value <= limit;
  return ok ? 'within budget' : 'OVER BUDGET';
}

async function main() {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`No Chromium at ${CHROMIUM}. Install it (apt-get install -y chromium) or set CHROMIUM_PATH.`);
  }
  if (!args.has('--skip-build')) {
    const seconds = coldBuild();
    console.log(`Production build (cold, specs bundle + site): ${seconds.toFixed(1)} s`);
  } else if (!existsSync(join(BUILD_DIR, 'index.html'))) {
    throw new Error('No build to measure: run npm run build, or drop --skip-build.');
  }

  const server = await startServer({ root: BUILD_DIR, port: 0 });
  const origin = `http://127.0.0.1:${server.address().port}`;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    console.log('\nPage                 JS (gzip)   CSS (gzip)  HTML (raw / gzip)     Perf  A11y  BP   JS budget');
    for (const { type, route } of pagesToMeasure()) {
      const sizes = await transferSizes(browser, origin, route);
      const scores = args.has('--no-lighthouse') ? null : await lighthouseScores(origin, route);
      const jsBudget = route.startsWith('/api') ? BUDGETS.apiJsKb : BUDGETS.guideJsKb;
      const jsVerdict = `${verdict(sizes.js / 1024, jsBudget)} (${jsBudget} KB)`;
      const score = (n) => (scores ? String(n).padStart(4) : '   -');
      console.log(
        `${type.padEnd(20)} ${kb(sizes.js).padStart(9)}  ${kb(sizes.css).padStart(10)}  ${`${kb(sizes.html)} / ${kb(sizes.htmlGzip)}`.padEnd(20)} ` +
          `${score(scores?.performance)}  ${score(scores?.accessibility)}  ${score(scores?.bestPractices)}  ${jsVerdict}  ${route}`,
      );
      if (scores) {
        if (scores.performance < BUDGETS.performance) console.log(`  performance ${scores.performance} is below ${BUDGETS.performance}`);
        if (scores.accessibility < BUDGETS.accessibility) console.log(`  accessibility ${scores.accessibility} is below ${BUDGETS.accessibility}`);
      }
    }
  } finally {
    await browser.close();
    server.close();
  }

  const contractsBench = join(ROOT, 'scripts', 'bench-contracts.mjs');
  if (existsSync(contractsBench)) {
    console.log('\nContracts package throughput');
    const result = spawnSync(process.execPath, ['--import', 'tsx', contractsBench], { cwd: ROOT, stdio: 'inherit' });
    if (result.status !== 0) throw new Error('The contracts benchmark failed; see above.');
  }
}

main().catch((error) => {
  console.error(error.message);
  process.exit(1);
});
