// Production client bundles resolve `@api-reference/server` here: the page keeps the server HTML.
export default null;
