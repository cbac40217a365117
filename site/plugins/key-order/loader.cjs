// Webpack/Rspack loader used by ./index.ts. Replaces the collator-backed sort of
// useShallowMemoObject in @docusaurus/theme-common with a code-unit comparison.
//
// The first String#localeCompare call on a page builds an ICU collator: 20-35 ms on a desktop CPU,
// four times that on a mid-range phone, all inside one React render that cannot be split. The
// sorted strings are object keys used only to give memo dependencies a stable order, so any
// consistent order does, and comparing code units costs nothing.
const FROM = 'deps.sort((a, b) => a[0].localeCompare(b[0]));';
const TO = 'deps.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));';

module.exports = function keyOrderLoader(source) {
  if (!source.includes(FROM)) {
    // Fail loudly after a Docusaurus upgrade rather than ship the slow path unnoticed.
    throw new Error(
      `key-order: ${this.resourcePath} no longer contains \`${FROM}\`. ` +
        'Check how the new @docusaurus/theme-common sorts memo keys and update site/plugins/key-order.',
    );
  }
  return source.replace(FROM, TO);
};
module.exports.FROM = FROM;
module.exports.TO = TO;
