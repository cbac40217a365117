/** The product's display name. Routes and the signature header use the lower-case slug. */
export const PRODUCT_NAME = 'Stream';
export const PRODUCT_SLUG = 'stream';
export const SIGNATURE_HEADER = `${PRODUCT_NAME}-Signature`;
/** The platform's public website, linked from the footer. */
export const PRODUCT_WEBSITE = 'https://stream.example';
export const SITE_TITLE = `${PRODUCT_NAME} Partner Docs`;
export const COPYRIGHT_YEAR = 2025;

export const API_REFERENCES = [
  { route: '/api/', label: 'Partner API', spec: 'partner' },
  { route: '/api/become-a-dsp', label: 'DSP API', spec: 'dsp' },
  { route: '/api/become-a-pos', label: 'POS API', spec: 'pos' },
  { route: '/api/integrate-with-events', label: 'Events API', spec: 'events' },
] as const;

/**
 * The API collections `npm run collections` generates from the contracts (scripts/collections/)
 * and the site publishes under /downloads/: a Postman collection per spec, three Postman
 * environments and one zip of the Bruno collection.
 */
export const POSTMAN_ENVIRONMENTS = ['local-sandbox', 'stream-sandbox', 'your-server'] as const;
export const BRUNO_COLLECTION_ZIP = 'stream-collections.bruno.zip';
export const postmanCollectionFile = (spec: string): string => `stream-${spec}-api.postman_collection.json`;
export const COLLECTION_FILES: readonly string[] = [
  ...API_REFERENCES.map(({ spec }) => postmanCollectionFile(spec)),
  ...POSTMAN_ENVIRONMENTS.map((name) => `${name}.postman_environment.json`),
  BRUNO_COLLECTION_ZIP,
];
/** The guide section on importing the collections. */
export const COLLECTIONS_GUIDE = `/docs/become-a-${PRODUCT_SLUG}-integration/test-locally-with-the-sandbox#collections`;
