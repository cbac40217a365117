// Webpack/Rspack loader used by ./index.ts on the server bundle: in Docusaurus' generated registry,
// names each route module by its chunk instead of its request, so the page template is given the
// route's scripts.
const ENTRY = /(import\(\/\* webpackChunkName: "([^"]+)" \*\/ "([^"]+)"\)), "([^"]+)"(, require\.resolveWeak\()/g;

module.exports = function routeScriptsLoader(source) {
  let count = 0;
  const named = source.replace(ENTRY, (whole, load, chunkName, request, name, rest) => {
    if (name !== request) return whole;
    count += 1;
    return `${load}, ${JSON.stringify(chunkName)}${rest}`;
  });
  if (count === 0) {
    throw new Error(
      `route scripts: ${this.resourcePath} has no route module in the form this plugin reads. Check how the ` +
        'upgraded Docusaurus writes its registry, then update site/plugins/route-scripts/loader.cjs.',
    );
  }
  return named;
};
