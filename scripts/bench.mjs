// `npm run bench`: builds the site from cold, then prints for every route of the build the
// JavaScript a browser transfers (gzip) on first load and after scrolling to the bottom, Lighthouse
// mobile scores (median of three runs) for the home page, the intro, the three heaviest guides and
// every API page, the cold build time, the sandbox console's first-load JavaScript and the
// contracts package's throughput, each beside its budget. It exits with status 1 when any figure
// is over budget.
//
// Options: --skip-build (measure the existing build), --build-dir=<dir> (measure another build),
// --no-lighthouse, --runs=<n> (Lighthouse runs per page), --routes=/a,/b (only these routes),
// --cpu-slowdown=<n> (Lighthouse's CPU multiplier, 4 by default, for calibrating to a faster or
// slower host as Lighthouse's throttling guide describes), --only=sandbox-load (only the sandbox
// load run on the built CLI, after npm run pack: signed requests against it and a bare server,
// requests per second, CPU per request and memory, see bench-sandbox.mjs),
// --only=console-load (only the console under load: its first-load JavaScript and a partner's call
// while five console pages load a full log, see bench-console-load.mjs).
// --only=certify (only a full certify run of each starter kit at the default depth, see bench-certify.mjs).
// --only=mcp (only `stream-partner mcp`: start-up time and search_docs latency, see bench-mcp.mjs).
// --only=state (only the sandbox on a ~50 MB --state file: start-up, one change's time and bytes, see bench-state.mjs).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { consoleFirstLoad } from './bench-console.mjs';
import { scrollThrough } from './scroll-through.mjs';
import { startServer } from './serve.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'];
const argv = process.argv.slice(2);
const KNOWN_OPTIONS = ['skip-build', 'build-dir', 'no-lighthouse', 'runs', 'routes', 'cpu-slowdown', 'only'];
const SECTIONS = ['sandbox-load', 'console-load', 'certify', 'mcp', 'state'];
const flag = (name) => argv.includes(`--${name}`);
const option = (name) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);

const BUILD_DIR = resolve(option('build-dir') ?? join(ROOT, 'site', 'build'));
const LIGHTHOUSE_RUNS = Number(option('runs') ?? 3);
const CPU_SLOWDOWN = option('cpu-slowdown') === undefined ? undefined : Number(option('cpu-slowdown'));

const BUDGETS = {
  homeJsKb: 120,
  guideJsKb: 140,
  apiJsKb: 120,
  performance: 95,
  accessibility: 100,
  buildSeconds: 60,
  consoleJsKb: 200,
};

// Folders of the build that hold files, not pages (as in e2e/support/site.ts).
const NON_PAGE_DIRS = new Set(['assets', 'img', 'openapi', 'markdown', 'downloads', 'pagefind', 'diagrams', '__server']);

/** A mistake in the command line: exits with status 2, as the stream-partner command does. */
class UsageError extends Error {}

function checkArguments() {
  const unknown = argv.filter((arg) => !KNOWN_OPTIONS.includes(arg.replace(/^--/, '').split('=')[0]) || !arg.startsWith('--'));
  if (unknown.length) {
    throw new UsageError(`Unknown option ${unknown.join(', ')}. Options: ${KNOWN_OPTIONS.map((o) => `--${o}`).join(', ')}.`);
  }
  if (!Number.isInteger(LIGHTHOUSE_RUNS) || LIGHTHOUSE_RUNS < 1) {
    throw new UsageError(`--runs must be a whole number of at least 1, not "${option('runs')}".`);
  }
  if (argv.includes('--only')) throw new UsageError(`--only needs a section: --only=${SECTIONS.join(' or --only=')}.`);
  if (option('only') !== undefined && !SECTIONS.includes(option('only'))) {
    throw new UsageError(`--only takes one of ${SECTIONS.join(', ')}, not "${option('only')}".`);
  }
  if (CPU_SLOWDOWN !== undefined && !(CPU_SLOWDOWN >= 1)) {
    throw new UsageError(`--cpu-slowdown must be a number of at least 1, such as 4 or 6.5, not "${option('cpu-slowdown')}".`);
  }
}

const kb = (bytes) => bytes / 1024;
const overBudget = [];

function coldBuild() {
  spawnSync('npm', ['run', 'clear', '-w', 'site'], { cwd: ROOT, stdio: 'ignore' });
  const started = process.hrtime.bigint();
  const result = spawnSync('npm', ['run', 'build'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DOCUSAURUS_NO_PERSISTENT_CACHE: '1' },
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (result.status !== 0) throw new Error('npm run build failed; fix the build before benchmarking.');
  return seconds;
}

/** Every page route of the build, read from the HTML files it contains. */
function builtRoutes() {
  const routes = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (dir === BUILD_DIR && NON_PAGE_DIRS.has(entry.name)) continue;
        walk(path);
      } else if (entry.name === 'index.html') {
        const route = `/${relative(BUILD_DIR, dir).split(sep).join('/')}`;
        routes.push(route === '/' ? '/' : route.replace(/\/$/, ''));
      }
    }
  };
  walk(BUILD_DIR);
  return routes.sort();
}

function pageType(route) {
  if (route === '/') return { type: 'home', budget: BUDGETS.homeJsKb };
  if (route === '/api' || route.startsWith('/api/')) return { type: 'api', budget: BUDGETS.apiJsKb };
  return { type: route.startsWith('/docs') ? 'guide' : 'page', budget: BUDGETS.guideJsKb };
}

/**
 * The JavaScript a page transfers (the server gzips it): once the network is idle after
 * navigation, and again after scrolling to the bottom a screen at a time, which is what brings in
 * anything loaded as the reader reaches it.
 */
async function javascriptTransferred(browser, origin, route) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  const scripts = new Map();
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.set(response.url(), Number(response.headers()['content-length'] ?? 0));
  });
  const total = () => [...scripts.values()].reduce((sum, n) => sum + n, 0);
  try {
    await page.goto(`${origin}${route}`, { waitUntil: 'networkidle' });
    const firstLoad = total();
    await scrollThrough(page, { pauseMs: 60 });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
    await page.waitForLoadState('networkidle');
    return { firstLoad, scrolled: total(), mermaid: [...scripts.keys()].some((url) => /mermaid/i.test(url)) };
  } finally {
    await page.close();
  }
}

/** The audits Lighthouse's performance score is made of, by the short name the bench prints. */
const METRICS = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  CLS: 'cumulative-layout-shift',
  SI: 'speed-index',
};

/** One run's metrics as `FCP 1.2 s, …, CLS 0.01`: times in seconds, except TBT in milliseconds. */
function describeMetrics(metrics) {
  return Object.entries(metrics)
    .map(([name, value]) => {
      if (name === 'CLS') return `CLS ${value.toFixed(3)}`;
      if (name === 'TBT') return `TBT ${Math.round(value)} ms`;
      return `${name} ${(value / 1000).toFixed(1)} s`;
    })
    .join(', ');
}

async function lighthouseScores(origin, route) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
  try {
    // Lighthouse's defaults: a mid-range phone on a slow 4G connection.
    const result = await lighthouse(`${origin}${route}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      ...(CPU_SLOWDOWN === undefined ? {} : { throttling: { cpuSlowdownMultiplier: CPU_SLOWDOWN } }),
    });
    const c = result.lhr.categories;
    return {
      performance: Math.round(c.performance.score * 100),
      accessibility: Math.round(c.accessibility.score * 100),
      // Lighthouse's CPU slowdown is relative to this host's speed, so scores compare only across
      // hosts of a similar index; it is printed beside them for that reason.
      benchmarkIndex: result.lhr.environment.benchmarkIndex,
      // The metrics behind the score, so a figure under budget says what to work on.
      metrics: Object.fromEntries(
        Object.entries(METRICS).map(([name, id]) => [name, result.lhr.audits[id]?.numericValue ?? Number.NaN]),
      ),
      warnings: result.lhr.runWarnings,
    };
  } finally {
    await chrome.kill();
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function check(ok, message) {
  if (!ok) overBudget.push(message);
  return ok ? 'ok' : 'OVER';
}

/** The sandbox load run, in its own process; its figures count against the budget like the rest. */
function sandboxLoad() {
  console.log('');
  const result = spawnSync(process.execPath, [join(ROOT, 'scripts', 'bench-sandbox.mjs')], { cwd: ROOT, stdio: 'inherit' });
  if (result.status === 1) overBudget.push('sandbox load run: see its figures above');
  else if (result.status !== 0) throw new Error('The sandbox load run failed; see above.');
}

function consoleLoadRun() {
  console.log('');
  const result = spawnSync(process.execPath, [join(ROOT, 'scripts', 'bench-console-load.mjs')], { cwd: ROOT, stdio: 'inherit' });
  if (result.status === 1) overBudget.push('console load run: see its figures above');
  else if (result.status !== 0) throw new Error('The console load run failed; see above.');
}

/** A full certify run of each starter kit, in its own process; a run over 30 s counts against the budget. */
function certifyRuns() {
  console.log('\nCertify, each starter kit at the default depth');
  const result = spawnSync(process.execPath, ['--conditions=source', '--import', 'tsx', join(ROOT, 'scripts', 'bench-certify.mjs')], { cwd: ROOT, stdio: 'inherit' });
  if (result.status === 1) overBudget.push('certify runs: see their figures above');
  else if (result.status !== 0) throw new Error('The certify runs failed; see above.');
}

/** `stream-partner mcp` from the built package: start-up time and search_docs latency (bench-mcp.mjs). */
function mcpBench() {
  console.log('');
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', 'bench-mcp.mjs')], { cwd: ROOT, stdio: 'inherit' });
  if (result.status === 1) overBudget.push('stream-partner mcp: see its figures above');
  else if (result.status !== 0) throw new Error('The MCP server benchmark failed; see above.');
}

/** The sandbox on a large `--state` file, in its own process (bench-state.mjs). */
function stateBench() {
  console.log('');
  const result = spawnSync(process.execPath, ['--conditions=source', '--import', 'tsx', join(ROOT, 'scripts', 'bench-state.mjs')], { cwd: ROOT, stdio: 'inherit' });
  if (result.status === 1) overBudget.push('sandbox state file: see its figures above');
  else if (result.status !== 0) throw new Error('The state file benchmark failed; see above.');
}

function finish() {
  if (overBudget.length) {
    console.log(`\n${overBudget.length} over budget:\n  ${overBudget.join('\n  ')}`);
    process.exitCode = 1;
  } else {
    console.log('\nEvery figure is within budget.');
  }
}

async function main() {
  checkArguments();
  if (option('only') === 'sandbox-load') {
    sandboxLoad();
    return finish();
  }
  if (option('only') === 'console-load') {
    consoleLoadRun();
    return finish();
  }
  if (option('only') === 'certify') {
    certifyRuns();
    return finish();
  }
  if (option('only') === 'mcp') {
    mcpBench();
    return finish();
  }
  if (option('only') === 'state') {
    stateBench();
    return finish();
  }
  if (!existsSync(CHROMIUM)) {
    throw new Error(`No Chromium at ${CHROMIUM}. Install it (apt-get install -y chromium) or set CHROMIUM_PATH.`);
  }
  let buildSeconds;
  if (!flag('skip-build') && !option('build-dir')) buildSeconds = coldBuild();
  if (!existsSync(join(BUILD_DIR, 'index.html'))) {
    throw new Error(`No build to measure in ${BUILD_DIR}: run npm run build, or drop --skip-build.`);
  }

  const only = option('routes')?.split(',');
  const routes = only ?? builtRoutes();
  const server = await startServer({ root: BUILD_DIR, port: 0 });
  const origin = `http://127.0.0.1:${server.address().port}`;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const measured = [];
  try {
    console.log(`JavaScript transferred (gzip KB) per route, 1280x720, ${routes.length} routes`);
    console.log(`${'first load'.padStart(10)}  ${'scrolled'.padStart(8)}  ${'budget'.padStart(6)}  verdict  route`);
    for (const route of routes) {
      const { type, budget } = pageType(route);
      const js = await javascriptTransferred(browser, origin, route);
      const first = kb(js.firstLoad);
      const scrolled = kb(js.scrolled);
      const verdict = check(first <= budget && scrolled <= budget, `${route}: ${first.toFixed(1)} / ${scrolled.toFixed(1)} KB of JavaScript, budget ${budget} KB`);
      measured.push({ route, type, scrolled });
      console.log(
        `${first.toFixed(1).padStart(10)}  ${scrolled.toFixed(1).padStart(8)}  ${String(budget).padStart(6)}  ${verdict.padEnd(7)}  ${route}${js.mermaid ? '  (loads Mermaid)' : ''}`,
      );
    }
  } finally {
    await browser.close();
  }

  try {
    if (!flag('no-lighthouse')) {
      const heaviestGuides = measured
        .filter((m) => m.type === 'guide' && m.route !== '/docs/intro')
        .sort((a, b) => b.scrolled - a.scrolled)
        .slice(0, 3)
        .map((m) => m.route);
      const apiPages = measured.filter((m) => m.type === 'api').map((m) => m.route);
      const lighthouseRoutes = ['/', '/docs/intro', ...heaviestGuides, ...apiPages].filter((r) => routes.includes(r));
      console.log(`\nLighthouse mobile, median of ${LIGHTHOUSE_RUNS} runs (budget: performance >= ${BUDGETS.performance}, accessibility ${BUDGETS.accessibility})`);
      console.log(
        `Performance depends on the host: Lighthouse applies a ${CPU_SLOWDOWN ?? 4}x CPU slowdown to this machine, whose speed it reports as a benchmark index.`,
      );
      console.log(`${'perf'.padStart(4)}  ${'a11y'.padStart(4)}  verdict  route`);
      for (const route of lighthouseRoutes) {
        const runs = [];
        for (let i = 0; i < LIGHTHOUSE_RUNS; i += 1) runs.push(await lighthouseScores(origin, route));
        const performance = median(runs.map((r) => r.performance));
        const accessibility = median(runs.map((r) => r.accessibility));
        const verdict = check(
          performance >= BUDGETS.performance && accessibility >= BUDGETS.accessibility,
          `${route}: Lighthouse performance ${performance}, accessibility ${accessibility}`,
        );
        const benchmarkIndex = Math.round(median(runs.map((r) => r.benchmarkIndex)));
        console.log(
          `${String(performance).padStart(4)}  ${String(accessibility).padStart(4)}  ${verdict.padEnd(7)}  ${route}  (runs: ${runs.map((r) => r.performance).join(', ')}; host benchmark index ${benchmarkIndex})`,
        );
        const middle = [...runs].sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)];
        console.log(`        median run: ${describeMetrics(middle.metrics)}`);
        for (const warning of new Set(runs.flatMap((r) => r.warnings))) console.log(`        Lighthouse: ${warning}`);
      }
    }
  } finally {
    server.close();
  }

  if (buildSeconds !== undefined) {
    const verdict = check(buildSeconds <= BUDGETS.buildSeconds, `cold build ${buildSeconds.toFixed(1)} s`);
    console.log(`\nCold production build (specs bundle, pack, site): ${buildSeconds.toFixed(1)} s, budget ${BUDGETS.buildSeconds} s: ${verdict}`);
  }

  const consoleLoad = consoleFirstLoad(ROOT);
  if (consoleLoad === undefined) check(false, 'sandbox console: no build to measure (npm run build -w packages/console)');
  else {
    const figure = kb(consoleLoad.gzip);
    const verdict = check(figure <= BUDGETS.consoleJsKb, `sandbox console first load ${figure.toFixed(1)} KB of JavaScript`);
    console.log(`\nSandbox console first load: ${figure.toFixed(1)} KB of JavaScript (gzip, ${consoleLoad.files.length} file(s)), budget ${BUDGETS.consoleJsKb} KB: ${verdict}`);
  }

  const contractsBench = join(ROOT, 'scripts', 'bench-contracts.mjs');
  if (existsSync(contractsBench) && !only) {
    console.log('\nContracts package throughput');
    const result = spawnSync(process.execPath, ['--import', 'tsx', contractsBench], { cwd: ROOT, stdio: 'inherit' });
    if (result.status !== 0) throw new Error('The contracts benchmark failed; see above.');
  }
  if (!only) sandboxLoad();
  if (!only) consoleLoadRun();
  if (!only) certifyRuns();
  if (!only) mcpBench();
  if (!only) stateBench();

  finish();
}

main().catch((error) => {
  console.error(error.message);
  process.exit(error instanceof UsageError ? 2 : 1);
});
