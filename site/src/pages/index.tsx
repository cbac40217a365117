import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import Link from '@docusaurus/Link';
import AudienceCards, { type Audience } from '@site/src/components/AudienceCards';
import { API_REFERENCES, PRODUCT_NAME, PRODUCT_SLUG, SITE_TITLE } from '@site/src/constants';
import styles from './index.module.css';

const integrations = `/docs/become-a-${PRODUCT_SLUG}-integration`;

const AUDIENCES: readonly Audience[] = [
  {
    title: 'POS vendors',
    description: `Receive ${PRODUCT_NAME} orders on the point of sale, publish your merchants' catalogs and report order and location status back.`,
    to: `${integrations}/integrate-with-${PRODUCT_SLUG}-as-a-pos/overview`,
    startLabel: 'Start the POS path',
    referenceTo: '/api/become-a-pos',
    referenceLabel: 'POS API reference',
  },
  {
    title: 'DSP vendors',
    description: `Send orders from your delivery or ordering platform to ${PRODUCT_NAME}, ingest merchants' menus and follow each order to completion.`,
    to: `${integrations}/integrate-with-${PRODUCT_SLUG}-as-a-dsp/overview`,
    startLabel: 'Start the DSP path',
    referenceTo: '/api/become-a-dsp',
    referenceLabel: 'DSP API reference',
  },
  {
    title: 'Event providers',
    description: `Receive signed order events from ${PRODUCT_NAME} and send driver assignments and delivery status updates back.`,
    to: `${integrations}/integrate-with-${PRODUCT_SLUG}-events/overview`,
    startLabel: 'Start the events path',
    referenceTo: '/api/integrate-with-events',
    referenceLabel: 'Events API reference',
  },
  {
    title: 'White-label partners',
    description: `Offer ${PRODUCT_NAME} under your brand: create organizations, onboard locations headlessly and sign merchants in with SSO.`,
    to: '/docs/white-label-stream/become-a-white-label-partner',
    startLabel: 'Start the white-label path',
    referenceTo: '/api/',
    referenceLabel: 'Partner API reference',
  },
];

export default function Home() {
  return (
    <Layout
      title="Home"
      description={`Guides and API references for building POS, DSP, events and white-label integrations with ${PRODUCT_NAME}.`}
    >
      <header className={styles.hero}>
        <div className="container">
          <Heading as="h1" className={styles.heroTitle}>
            {SITE_TITLE}
          </Heading>
          <p className={styles.heroLead}>
            Everything you need to connect a point of sale, a delivery or ordering platform, an event
            feed or a white-label product to {PRODUCT_NAME}: step-by-step guides, OpenAPI contracts and a
            typed contracts library.
          </p>
          <div className={styles.heroActions}>
            <Link className="button button--primary button--lg" to="/docs/intro">
              Read the introduction
            </Link>
            <Link to="/docs/intro#authentication">How authentication works</Link>
          </div>
        </div>
      </header>
      <main className="container margin-vert--xl">
        <section aria-labelledby="audiences">
          <Heading as="h2" id="audiences">
            Pick your integration
          </Heading>
          <AudienceCards audiences={AUDIENCES} />
        </section>
        <section aria-labelledby="references" className="margin-top--xl">
          <Heading as="h2" id="references">
            API references
          </Heading>
          <p>Generated from the same OpenAPI 3.1 contracts the guides quote, and downloadable from each page.</p>
          <ul className={styles.references}>
            {API_REFERENCES.map((reference) => (
              <li key={reference.route}>
                <Link to={reference.route}>{reference.label}</Link>
              </li>
            ))}
          </ul>
        </section>
      </main>
    </Layout>
  );
}
