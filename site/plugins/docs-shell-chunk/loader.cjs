// Webpack/Rspack loader used by ./index.ts: gives the docs shell's route modules, which every doc
// page loads together, one chunk name in Docusaurus' generated registry.
const IMPORT = /import\(\/\* webpackChunkName: "([^"]+)" \*\/ "([^"]+)"\)/g;

module.exports = function docsShellChunkLoader(source) {
  const { anchor, members } = this.getOptions();
  const found = new Set();
  let anchorName;
  for (const [, chunkName, request] of source.matchAll(IMPORT)) {
    if (request === anchor) anchorName = chunkName;
  }
  const patterns = members.map((member) => new RegExp(`^${member}$`));
  const fail = (what) => {
    throw new Error(
      `docs shell chunk: ${this.resourcePath} ${what}. Check how the upgraded Docusaurus names its ` +
        'docs route modules, then update the list in site/plugins/docs-shell-chunk/index.ts.',
    );
  };
  if (!anchorName) fail(`has no import of ${anchor}`);
  const merged = source.replace(IMPORT, (whole, chunkName, request) => {
    const member = patterns.findIndex((pattern) => pattern.test(request));
    if (member === -1) return whole;
    found.add(member);
    return `import(/* webpackChunkName: "${anchorName}" */ "${request}")`;
  });
  const missing = members.filter((_, index) => !found.has(index));
  if (missing.length > 0) fail(`has no import matching ${missing.join(', ')}`);
  return merged;
};
