import type { OperationModel, ReferenceModel } from '../../lib/openapi/referenceModel';
import { NAV_TOGGLE_ID } from '../ApiReferencePage/constants';
import styles from './styles.module.css';

function OperationLink({ operation }: { operation: OperationModel }) {
  return (
    <li>
      <a className={styles.navLink} href={`#${operation.anchor}`}>
        <span className={styles.navMethod} data-method={operation.method}>
          {operation.kind === 'webhook' ? 'HOOK' : operation.method}
        </span>
        <span className={styles.navLabel}>{operation.kind === 'webhook' ? operation.path : operation.summary}</span>
      </a>
    </li>
  );
}

/** The left pane: overview, one group per tag, webhooks and schemas, all plain anchors. */
export default function Nav({ model }: { model: ReferenceModel }) {
  return (
    <>
      <input type="checkbox" id={NAV_TOGGLE_ID} className={styles.navToggle} />
      <label htmlFor={NAV_TOGGLE_ID} className={styles.navToggleLabel}>
        Contents
      </label>
      <nav className={styles.nav} aria-label={`${model.title} contents`}>
        <ul className={styles.navList}>
          <li>
            <a className={styles.navGroup} href="#section/overview">
              Overview
            </a>
          </li>
          {model.securitySchemes.length > 0 && (
            <li>
              <a className={styles.navGroup} href="#section/security">
                Security
              </a>
            </li>
          )}
          {model.tags.map((tag) => (
            <li key={tag.anchor}>
              <a className={styles.navGroup} href={`#${tag.anchor}`}>
                {tag.name}
              </a>
              <ul className={styles.navList}>
                {tag.operations.map((operation) => (
                  <OperationLink key={operation.anchor} operation={operation} />
                ))}
              </ul>
            </li>
          ))}
          {model.webhooks.length > 0 && (
            <li>
              <a className={styles.navGroup} href="#section/webhooks">
                Webhooks
              </a>
              <ul className={styles.navList}>
                {model.webhooks.map((operation) => (
                  <OperationLink key={operation.anchor} operation={operation} />
                ))}
              </ul>
            </li>
          )}
          {model.schemas.length > 0 && (
            <li>
              <a className={styles.navGroup} href="#section/schemas">
                Schemas
              </a>
              <details className={styles.navSchemas}>
                <summary>All {model.schemas.length} schemas</summary>
                <ul className={styles.navList}>
                  {model.schemas.map((schema) => (
                    <li key={schema.anchor}>
                      <a className={styles.navLink} href={`#${schema.anchor}`}>
                        <span className={styles.navLabel}>{schema.name}</span>
                      </a>
                    </li>
                  ))}
                </ul>
              </details>
            </li>
          )}
        </ul>
      </nav>
    </>
  );
}
