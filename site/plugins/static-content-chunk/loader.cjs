// Webpack loader used by ./index.ts, after Docusaurus' MDX loader, in the browser's build only.
// A guide whose content is plain HTML (rehype-static-content's export) keeps its exports but loses
// its compiled JSX: the browser shows the server's HTML, or the page's HTML fetched on a
// client-side navigation (src/lib/staticGuideHtml.ts), so the JSX was only downloaded and parsed.
const MARKER = /^export const staticContent = true;?$/m;
const BODY = /^function _createMdxContent\(/m;
const DEFAULT = /^export default function MDXContent\(/m;
const METADATA = /^export \{default as metadata\} from '([^']+)'/m;

module.exports = function staticContentChunkLoader(source) {
  if (!MARKER.test(source)) return source;
  const fail = (what) => {
    throw new Error(
      `static content chunk: the MDX output of ${this.resourcePath} ${what}. Check how the upgraded ` +
        'MDX or Docusaurus writes a page module, then update site/plugins/static-content-chunk/loader.cjs.',
    );
  };
  const body = BODY.exec(source);
  if (!body) fail('has no function _createMdxContent');
  if (!DEFAULT.test(source.slice(body.index))) fail('has no export default function MDXContent after its content');
  const metadata = METADATA.exec(source);
  if (!metadata) fail('re-exports no metadata');
  const exportsOnly = source.slice(0, body.index);
  return `${exportsOnly}
import staticContentMetadata from ${JSON.stringify(metadata[1])};
import { loadStaticGuideHtml } from '@site/src/lib/staticGuideHtml';
await loadStaticGuideHtml({ permalink: staticContentMetadata.permalink });
/** Read by src/theme/DocItem/Content: this module has no JSX to render. */
export const htmlOnly = true;
/** The text is rendered by src/theme/DocItem/Content, from the server's HTML or the page's. */
export default function MDXContent() {
  return null;
}
`;
};
