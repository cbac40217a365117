import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { buildReferenceModel } from '../../lib/openapi/referenceModel';
import type { OpenApiDocument } from '../../lib/openapi/types';
import { BRUNO_COLLECTION_ZIP, COLLECTIONS_GUIDE, postmanCollectionFile } from '../../constants';
import ApiReferenceBody from './index';
import type { ReferenceComponents } from './components';

/** Plain stand-ins for Docusaurus' Heading and CodeBlock, which need the site bundler. */
const testComponents: ReferenceComponents = {
  Heading: ({ as, id, className, children }) => createElement(as, { id, className }, children),
  CodeBlock: ({ language, title, children }) => createElement('pre', { 'data-language': language, title }, children as ReactNode),
};

/** The static HTML of a spec's reference body, as tests see it. */
export function renderReference(doc: OpenApiDocument, api: string): string {
  const model = buildReferenceModel(doc, api);
  return renderToStaticMarkup(
    createElement(ApiReferenceBody, { model, components: testComponents, downloads: {
        yaml: `/openapi/${api}.yaml`,
        json: `/openapi/${api}.json`,
        collections: { postman: `/downloads/${postmanCollectionFile(api)}`, environment: '/downloads/local-sandbox.postman_environment.json', bruno: `/downloads/${BRUNO_COLLECTION_ZIP}`, guide: COLLECTIONS_GUIDE },
      },
    }),
  );
}
