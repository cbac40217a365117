import { createContext, useContext, type CSSProperties, type ReactNode } from 'react';
import { singleParagraph } from '../../lib/openapi/paragraph';
import { enumKey, expandable, hasChildren, type SchemaNode } from '../../lib/openapi/schemaTree';
import type { JsonValue } from '../../lib/openapi/types';
import styles from './styles.module.css';

/**
 * Renders a schema node tree as nested field lists. Plain React and native <details>, so it
 * renders the same on the server, in tests and in the browser, and folds without JavaScript.
 */

/** Where a component schema's own description lives: the reference page's `#schema/<Name>` anchor. */
export const SchemaLinkContext = createContext<(name: string) => string>((name) => `#schema/${name}`);

function SchemaLink({ name }: { name: string }) {
  const href = useContext(SchemaLinkContext)(name);
  return <a href={href}>{name}</a>;
}

const formatValue = enumKey;

/** `Holiday`, `string`, `Holiday[]`, `string (Currency)`. */
function typeLabel(node: SchemaNode): ReactNode {
  if (node.type === 'array' && node.items) {
    return <>{typeLabel(node.items)}[]</>;
  }
  const base = node.type || (node.variants ? node.variants.keyword : 'any');
  if (!node.ref) return base;
  if (base === 'object' || node.variants) return <SchemaLink name={node.ref} />;
  return (
    <>
      {base} (<SchemaLink name={node.ref} />)
    </>
  );
}

function Values({ label, values }: { label: string; values: JsonValue[] }) {
  return (
    <div className={styles.meta}>
      <span className={styles.metaLabel}>{label}</span>{' '}
      {values.map((value, index) => (
        <code key={index} className={styles.value}>
          {formatValue(value)}
        </code>
      ))}
    </div>
  );
}

/**
 * The allowed values of an enum. When the spec explains them (`x-enum-descriptions`), a
 * definition list pairs each value with its sentence; otherwise the values sit in one line.
 */
function EnumValues({ label, values, descriptions }: { label: string; values: JsonValue[]; descriptions?: Record<string, string> }) {
  if (!descriptions) return <Values label={label} values={values} />;
  return (
    <div className={styles.meta}>
      <span className={styles.metaLabel}>{label}</span>
      <dl className={styles.enumList}>
        {values.map((value, index) => {
          const html = descriptions[formatValue(value)];
          return (
            <div key={index} className={styles.enumEntry}>
              <dt>
                <code className={styles.value}>{formatValue(value)}</code>
              </dt>
              {html ? (
                <dd className={styles.description} dangerouslySetInnerHTML={{ __html: html }} />
              ) : (
                <dd className={styles.undescribed}>No description.</dd>
              )}
            </div>
          );
        })}
      </dl>
    </div>
  );
}

/** Rules, enum, const, default, example and keyword constraints of one node (and of its array items). */
function Facts({ node }: { node: SchemaNode }) {
  const items = node.type === 'array' ? node.items : undefined;
  const constraints = [...(node.constraints ?? []), ...(items?.constraints ?? []).map((c) => `items ${c}`)];
  const enumValues = node.enum ?? items?.enum;
  const enumDescriptions = node.enum ? node.enumDescriptions : items?.enumDescriptions;
  return (
    <>
      {node.allOf && (
        <div className={styles.meta}>
          <span className={styles.metaLabel}>All of</span>{' '}
          {node.allOf.map((name, index) => (
            <span key={name}>
              {index > 0 && ', '}
              <SchemaLink name={name} />
            </span>
          ))}
        </div>
      )}
      {node.rules && (
        <div className={styles.meta}>
          <span className={styles.metaLabel}>Rules</span>
          <ul className={styles.rules}>
            {node.rules.map((rule) => (
              <li key={rule} dangerouslySetInnerHTML={{ __html: rule }} />
            ))}
          </ul>
        </div>
      )}
      {enumValues && <EnumValues label={node.enum ? 'Enum' : 'Items enum'} values={enumValues} descriptions={enumDescriptions} />}
      {node.const !== undefined && <Values label="Value" values={[node.const]} />}
      {node.default !== undefined && <Values label="Default" values={[node.default]} />}
      {node.example !== undefined && <Values label="Example" values={[node.example]} />}
      {constraints.length > 0 && (
        <div className={styles.meta}>
          <span className={styles.metaLabel}>Constraints</span>{' '}
          {constraints.map((constraint) => (
            <code key={constraint} className={styles.value}>
              {constraint}
            </code>
          ))}
        </div>
      )}
    </>
  );
}

function Badges({ node }: { node: SchemaNode }) {
  return (
    <>
      {node.required && <span className={styles.required}>required</span>}
      {node.deprecated && <span className={styles.deprecated}>deprecated</span>}
      {node.readOnly && <span className={styles.flag}>read-only</span>}
      {node.writeOnly && <span className={styles.flag}>write-only</span>}
    </>
  );
}

/** A description, as one `<p>` when it is a single paragraph (see singleParagraph). */
function Description({ html }: { html?: string }) {
  if (!html) return null;
  const paragraph = singleParagraph(html);
  if (paragraph !== undefined) return <p className={styles.description} dangerouslySetInnerHTML={{ __html: paragraph }} />;
  return <div className={styles.description} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** One field: its name line, then what is known of it, straight in the list item (no wrapper). */
function Field({ node, name }: { node: SchemaNode; name: string }) {
  const target = expandable(node);
  return (
    <li className={styles.field}>
      <div className={styles.head}>
        <code className={styles.name}>{name}</code>
        <span className={styles.type}>{typeLabel(node)}</span>
        <Badges node={node} />
      </div>
      <Description html={node.description} />
      <Facts node={node} />
      {target.cycle && <Recursive node={target} />}
      {hasChildren(node) && (
        <details className={styles.nested}>
          <summary>{summaryLabel(target)}</summary>
          <NodeChildren node={target} />
        </details>
      )}
    </li>
  );
}

function summaryLabel(node: SchemaNode): string {
  if (node.variants && !node.properties?.length) return `${node.variants.keyword === 'oneOf' ? 'One of' : 'Any of'} ${node.variants.options.length} options`;
  const count = (node.properties?.length ?? 0) + (node.additionalProperties ? 1 : 0);
  return `${count} ${count === 1 ? 'field' : 'fields'}${node.ref ? ` of ${node.ref}` : ''}`;
}

function Variants({ node }: { node: SchemaNode }) {
  const variants = node.variants;
  if (!variants) return null;
  return (
    <div className={styles.variants}>
      <p className={styles.variantsIntro}>
        {variants.keyword === 'oneOf' ? 'Exactly one of' : 'Any of'} these {variants.options.length} shapes
        {variants.discriminator && (
          <>
            , chosen by <code>{variants.discriminator}</code>
          </>
        )}
        :
      </p>
      {variants.options.map((option, index) => (
        <details key={`${option.title ?? ''}-${index}`} className={styles.variant}>
          <summary>
            <span className={styles.variantTitle}>{option.title}</span>
            {option.match && (
              <>
                {' '}
                <code>
                  {variants.discriminator}: {option.match}
                </code>
              </>
            )}
          </summary>
          <Description html={option.description} />
          <Facts node={option} />
          <NodeChildren node={expandable(option)} />
        </details>
      ))}
    </div>
  );
}

/** A schema that contains itself: named and linked, never expanded again. */
function Recursive({ node }: { node: SchemaNode }) {
  return (
    <p className={styles.note}>
      Recursive: the same shape as {node.ref ? <SchemaLink name={node.ref} /> : 'its parent'}, described above.
    </p>
  );
}

/** Everything under a node: its fields, its additional properties and its options. */
export function NodeChildren({ node }: { node: SchemaNode }) {
  if (node.cycle) return <Recursive node={node} />;
  if (node.collapsed) {
    return node.ref ? (
      <p className={styles.note}>
        See <SchemaLink name={node.ref} />.
      </p>
    ) : null;
  }
  const fields = node.properties ?? [];
  return (
    <>
      {(fields.length > 0 || node.additionalProperties) && (
        <ul className={styles.fields}>
          {fields.map((field) => (
            <Field key={field.name} node={field} name={field.name ?? ''} />
          ))}
          {node.additionalProperties && <Field node={node.additionalProperties} name="{any key}" />}
        </ul>
      )}
      <Variants node={node} />
    </>
  );
}

interface Props {
  node: SchemaNode;
  /**
   * Show the root's own description, type and facts above its fields. A root without fields (a
   * scalar or enum schema) always shows them: they are all there is to show.
   */
  showRoot?: boolean;
  /** Added to the tree's own element. */
  className?: string;
  style?: CSSProperties;
}

/** A whole schema: optionally its root summary, then its fields or options. */
export default function SchemaTree({ node, showRoot = false, className, style }: Props) {
  const target = expandable(node);
  const leaf = !hasChildren(node);
  return (
    <div className={className ? `${styles.tree} ${className}` : styles.tree} style={style}>
      {(showRoot || leaf) && (
        <div className={styles.root}>
          <div className={styles.head}>
            <span className={styles.type}>{typeLabel(node)}</span>
            <Badges node={node} />
          </div>
          <Description html={node.description} />
          <Facts node={node} />
        </div>
      )}
      <NodeChildren node={target} />
    </div>
  );
}
