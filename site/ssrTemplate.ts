/**
 * The HTML page every route is rendered into: Docusaurus' own template, with one change to when the
 * site's JavaScript runs.
 *
 * Docusaurus loads its two scripts with `defer`, so they run as soon as the HTML is parsed. On a
 * phone that is often before the browser has painted anything, and the reader then waits for the
 * scripts to be evaluated and the page hydrated before seeing the text that was already in the
 * HTML. Here the scripts still download from the start (a preload at the priority `defer` has),
 * but they run once the first contentful paint has been presented. Where the browser cannot
 * report that paint, they run after the first frame; in a tab opened in the background, which
 * does not paint, they run as soon as the page is parsed; and if the report never comes, three
 * seconds after the page has loaded.
 *
 * `e2e/tests/paint-first.spec.ts` checks the order on built pages.
 */

/** A performance mark set as the scripts start, for tests and for anyone profiling the site. */
const SCRIPTS_START_MARK = 'stream:scripts-start';

/**
 * Runs in the page, at the end of `<body>`. Plain ES5 with no dependencies: it runs before any of
 * the site's code. `sources` are the script URLs in the order they must run (RUN_ORDER below).
 */
const LOADER = `(function (sources) {
  var started = false;
  function start() {
    if (started) return;
    started = true;
    if (window.performance && performance.mark) performance.mark(${JSON.stringify(SCRIPTS_START_MARK)});
    for (var i = 0; i < sources.length; i++) {
      var script = document.createElement('script');
      script.src = sources[i];
      // Dynamically inserted scripts run in insertion order only when async is off.
      script.async = false;
      document.body.appendChild(script);
    }
  }
  if (document.visibilityState === 'hidden') return start();
  document.addEventListener('visibilitychange', function () {
    if (document.visibilityState === 'hidden') start();
  });
  var paints = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes || [];
  if (paints.indexOf('paint') === -1) {
    // requestAnimationFrame runs just before a frame; the timeout lands after it.
    return requestAnimationFrame(function () { setTimeout(start, 0); });
  }
  new PerformanceObserver(function (list, observer) {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    start();
  }).observe({ type: 'paint', buffered: true });
  // A browser that reports paints but never reports this one still gets a working page.
  window.addEventListener('load', function () { setTimeout(start, 3000); });
})`;

/**
 * The template's expression for the order the scripts run in: the route's chunks (see
 * plugins/route-scripts) before main.js, whose start would otherwise request them again.
 */
const RUN_ORDER = `[false, true].flatMap((last) => it.scripts.filter((script) => /(^|\\/)main\\.[^/]*\\.js$/.test(script) === last))`;

/**
 * The template's expression for the resource hints React's server renderer writes at the start of
 * the app's HTML (a `<link rel="preload" as="image">` for the navbar logo on every page). The
 * browser's app (Preact, see plugins/preact-client.ts) renders no such element, so hydration met a
 * node it did not expect first and moved every top-level child after it, which made the browser
 * restyle and lay out the whole page again. In `<head>`, where a preload belongs, they are not in
 * the app's way.
 */
const LEADING_HINTS = String.raw`it.appHtml.match(/^(?:\s*<link\b[^>]*>)*/)[0]`;

export const ssrTemplate = `
<% const leadingHints = ${LEADING_HINTS}; %>
<!DOCTYPE html>
<html <%~ it.htmlAttributes %>>
  <head>
    <meta charset="UTF-8">
    <meta name="generator" content="Docusaurus v<%= it.version %>">
    <% it.metaAttributes.forEach((metaAttribute) => { %>
      <%~ metaAttribute %>
    <% }); %>
    <%~ it.headTags %>
    <%~ leadingHints %>
    <% it.stylesheets.forEach((stylesheet) => { %>
      <link rel="stylesheet" href="<%= it.baseUrl %><%= stylesheet %>" />
    <% }); %>
    <% it.scripts.forEach((script) => { %>
      <link rel="preload" as="script" fetchpriority="low" href="<%= it.baseUrl %><%= script %>" />
    <% }); %>
  </head>
  <body <%~ it.bodyAttributes %>>
    <%~ it.preBodyTags %>
    <div id="__docusaurus"><%~ it.appHtml.slice(leadingHints.length) %></div>
    <%~ it.postBodyTags %>
    <script>${LOADER}(<%~ JSON.stringify(${RUN_ORDER}.map((script) => it.baseUrl + script)) %>);</script>
  </body>
</html>
`;
