import Heading from '@theme/Heading';
import { useThemeConfig } from '@docusaurus/theme-common';
import useBaseUrl from '@docusaurus/useBaseUrl';
import models from '@generated/api-reference/models.json';
import ApiReferenceBody from '@site/src/components/ApiReferenceBody';
import type { ReferenceComponents } from '@site/src/components/ApiReferenceBody/components';
import HighlightedCodeBlock from '@site/src/theme/CodeBlock/Highlighted';
import { CodeTokenClassesContext, codeTokenClassesFor } from '@site/src/lib/codeTokenClasses';
import type { ReferenceModel } from '@site/src/lib/openapi/referenceModel';
import { BRUNO_COLLECTION_ZIP, COLLECTIONS_GUIDE, postmanCollectionFile } from '@site/src/constants';
import { ROOT_CLASS } from './constants';
import { darkCodeCss } from './darkCodeCss';

/**
 * Renders the full reference. Only the server bundle (and the dev server) resolves
 * `@api-reference/server` to this module, so the models and the body never reach production
 * client JavaScript; the browser keeps the server HTML instead.
 */

// The highlighter itself, without the site CodeBlock's hydration slot around each block: the
// reference is never hydrated, and a hundred empty wrappers were only weight.
const components: ReferenceComponents = { Heading, CodeBlock: HighlightedCodeBlock };

function ServerReference({ api }: { api: string }) {
  const model = (models as Record<string, ReferenceModel>)[api];
  const { prism } = useThemeConfig();
  const tokenClasses = codeTokenClassesFor(prism);
  const yaml = useBaseUrl(`/openapi/${api}.yaml`);
  const json = useBaseUrl(`/openapi/${api}.json`);
  const collections = {
    postman: useBaseUrl(`/downloads/${postmanCollectionFile(api)}`),
    environment: useBaseUrl('/downloads/local-sandbox.postman_environment.json'),
    bruno: useBaseUrl(`/downloads/${BRUNO_COLLECTION_ZIP}`),
    guide: useBaseUrl(COLLECTIONS_GUIDE),
  };
  if (!model) throw new Error(`No API reference model for "${api}".`);
  const scope = `.${ROOT_CLASS}`;
  const codeThemeCss = [tokenClasses.css(scope), prism.darkTheme ? darkCodeCss(prism.darkTheme, scope) : ''].filter(Boolean).join('\n');
  return (
    <CodeTokenClassesContext.Provider value={tokenClasses}>
      <ApiReferenceBody model={model} components={components} downloads={{ yaml, json, collections }} codeThemeCss={codeThemeCss} />
    </CodeTokenClassesContext.Provider>
  );
}

export default ServerReference;
