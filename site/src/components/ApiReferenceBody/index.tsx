import type { CSSProperties } from 'react';
import type { ReferenceModel } from '../../lib/openapi/referenceModel';
import { shownText, type SchemaNode } from '../../lib/openapi/schemaTree';
import SchemaTree from '../SchemaFields/SchemaTree';
import { ReferenceComponentsContext, useReferenceComponents, type ReferenceComponents } from './components';
import Nav from './Nav';
import Operation from './Operation';
import styles from './styles.module.css';

interface Props {
  model: ReferenceModel;
  components: ReferenceComponents;
  /** URLs of the bundled spec downloads, and of the Postman and Bruno collections generated from it. */
  downloads: { yaml: string; json: string; collections?: { postman: string; environment: string; bruno: string; guide: string } };
  /** Stylesheet recolouring server-highlighted code for dark mode. */
  codeThemeCss?: string;
}

function Header({ model, downloads }: Pick<Props, 'model' | 'downloads'>) {
  return (
    <header className={styles.header} data-ref-section="section/overview">
      <h1 id="section/overview" className={styles.title}>
        {model.title}
      </h1>
      <p className={styles.meta}>
        {model.version && <span className={styles.version}>Version {model.version}</span>}
        <span className={styles.downloads}>
          Download OpenAPI:{' '}
          <a href={downloads.yaml} download>
            YAML
          </a>{' '}
          ·{' '}
          <a href={downloads.json} download>
            JSON
          </a>
        </span>
        {downloads.collections && (
          <span className={styles.downloads}>
            Try every call:{' '}
            <a href={downloads.collections.postman} download>
              Postman collection
            </a>{' '}
            ·{' '}
            <a href={downloads.collections.environment} download>
              local sandbox environment
            </a>{' '}
            ·{' '}
            <a href={downloads.collections.bruno} download>
              Bruno collection
            </a>{' '}
            (<a href={downloads.collections.guide}>how to import them</a>)
          </span>
        )}
      </p>
      {model.description && <div className={styles.markdown} dangerouslySetInnerHTML={{ __html: model.description }} />}
      {model.servers.length > 0 && (
        <>
          <h2 className={styles.subTitle}>Servers</h2>
          <ul className={styles.servers}>
            {model.servers.map((server) => (
              <li key={server.url}>
                <code>{server.url}</code>
                {server.description && <> — {server.description}</>}
              </li>
            ))}
          </ul>
        </>
      )}
    </header>
  );
}

/** What the stylesheet sizes an off-screen schema from (see .schema). */
function placeholderSize(node: SchemaNode): CSSProperties {
  const { rows, chars } = shownText(node);
  return { '--schema-rows': rows, '--schema-chars': chars } as CSSProperties;
}

function Sections({ model }: { model: ReferenceModel }) {
  const { Heading } = useReferenceComponents();
  const operations = [...model.tags.flatMap((tag) => tag.operations), ...model.webhooks];
  // The page's last block is laid out with the page, since the footer after it is (see .laidOut).
  const lastSchema = model.schemas.at(-1);
  const lastOperation = lastSchema ? undefined : operations.at(-1);
  return (
    <>
      {model.securitySchemes.length > 0 && (
        <section className={styles.section} data-ref-section="section/security">
          <Heading as="h2" id="section/security">
            Security
          </Heading>
          <dl className={styles.schemes}>
            {model.securitySchemes.map((scheme) => (
              <div key={scheme.name}>
                <dt>
                  <code>{scheme.name}</code> <span className={styles.schemeType}>{scheme.summary}</span>
                </dt>
                <dd>{scheme.description && <div className={styles.markdown} dangerouslySetInnerHTML={{ __html: scheme.description }} />}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
      {model.tags.map((tag) => (
        <section key={tag.anchor} className={styles.section}>
          <div data-ref-section={tag.anchor}>
            <Heading as="h2" id={tag.anchor}>
              {tag.name}
            </Heading>
            {tag.description && <div className={styles.markdown} dangerouslySetInnerHTML={{ __html: tag.description }} />}
          </div>
          {tag.operations.map((operation) => (
            <Operation key={operation.anchor} operation={operation} api={model.api} rendered={operation === lastOperation} />
          ))}
        </section>
      ))}
      {model.webhooks.length > 0 && (
        <section className={styles.section}>
          <div data-ref-section="section/webhooks">
            <Heading as="h2" id="section/webhooks">
              Webhooks
            </Heading>
            <p>Events delivered as HTTP calls, one entry per event type.</p>
          </div>
          {model.webhooks.map((operation) => (
            <Operation key={operation.anchor} operation={operation} api={model.api} rendered={operation === lastOperation} />
          ))}
        </section>
      )}
      {model.schemas.length > 0 && (
        <section className={styles.section}>
          <div data-ref-section="section/schemas">
            <Heading as="h2" id="section/schemas">
              Schemas
            </Heading>
          </div>
          {model.schemas.map((schema) => (
            <div
              key={schema.anchor}
              className={schema === lastSchema ? `${styles.schema} ${styles.laidOut}` : styles.schema}
              style={placeholderSize(schema.node)}
              data-ref-section={schema.anchor}
            >
              <Heading as="h3" id={schema.anchor} className={styles.schemaTitle}>
                {schema.name}
              </Heading>
              <SchemaTree node={schema.node} showRoot />
            </div>
          ))}
        </section>
      )}
    </>
  );
}

/** The whole reference of one spec: navigation, overview, operations, webhooks and schemas. */
export default function ApiReferenceBody({ model, components, downloads, codeThemeCss }: Props) {
  return (
    <ReferenceComponentsContext.Provider value={components}>
      {codeThemeCss && <style dangerouslySetInnerHTML={{ __html: codeThemeCss }} />}
      <div className={styles.reference}>
        <Nav model={model} />
        <div className={styles.content}>
          <Header model={model} downloads={downloads} />
          <Sections model={model} />
        </div>
      </div>
    </ReferenceComponentsContext.Provider>
  );
}
