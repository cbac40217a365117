// Webpack/Rspack loader used by ./index.ts: applies one exact-text patch to a theme module.
// A patch that no longer matches fails the build, so a Docusaurus upgrade cannot drop it silently.
module.exports = function themePatchLoader(source) {
  const { name, from, to } = this.getOptions();
  if (!source.includes(from)) {
    throw new Error(
      `theme patch "${name}": ${this.resourcePath} no longer contains \`${from}\`. ` +
        'Check what the upgraded theme does there, then update or drop the patch in site/plugins/theme-patches/index.ts.',
    );
  }
  return source.replace(from, to);
};
