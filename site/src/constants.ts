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
