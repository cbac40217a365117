/** One route module, written the way Docusaurus writes it in `.docusaurus/registry.js` (for loader tests). */
export const registryEntry = (chunk: string, request: string) =>
  `  "${chunk}": [() => import(/* webpackChunkName: "${chunk}" */ "${request}"), "${request}", require.resolveWeak("${request}")],`;
