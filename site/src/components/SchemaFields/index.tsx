import useBaseUrl from '@docusaurus/useBaseUrl';
import { API_REFERENCES } from '@site/src/constants';
import type { SchemaFieldsData } from '@site/src/lib/openapi/guideData';
import { shownText } from '@site/src/lib/openapi/schemaTree';
import { LAZY_BLOCK_CLASS, lazyBlockStyle } from '@site/src/lib/lazyBlock';
import { KEEP_SERVER_HTML, useServerHtml } from '@site/src/lib/serverHtml';
import SchemaTree, { SchemaLinkContext } from './SchemaTree';
import styles from './styles.module.css';

interface Props {
  /** One of the four specs: partner, dsp, pos, events. */
  spec: string;
  /** A component schema name, such as `Holiday`. */
  schema?: string;
  /** A JSON pointer to an inline schema, such as a request body's. */
  pointer?: string;
  /** Levels of nested fields to expand; deeper ones link to the API reference. */
  depth?: number;
  /** Filled in at build time by the remark-spec-components plugin; authors never write it. */
  data?: string;
}

/**
 * The field table of one schema from a bundled spec, for use in guides. It is plain HTML (links and
 * native <details>), so on a page's first load it keeps the server's HTML instead of hydrating it,
 * and, off screen, it is laid out only when scrolled near (`.lazy-block` in custom.css).
 */
export default function SchemaFields({ spec, data }: Props) {
  const reference = API_REFERENCES.find((candidate) => candidate.spec === spec);
  const referenceUrl = useBaseUrl(reference?.route ?? '/');
  const serverHtml = useServerHtml<HTMLDivElement>();
  if (data === undefined) {
    throw new Error('<SchemaFields> got no data: the remark-spec-components plugin is not registered for this page.');
  }
  const { root } = JSON.parse(data) as SchemaFieldsData;
  const placeholder = lazyBlockStyle(shownText(root));
  if (serverHtml.keep) {
    return (
      <div
        ref={serverHtml.ref}
        className={`${styles.tree} ${LAZY_BLOCK_CLASS}`}
        style={placeholder}
        dangerouslySetInnerHTML={KEEP_SERVER_HTML}
        suppressHydrationWarning
      />
    );
  }
  return (
    <SchemaLinkContext.Provider value={(name) => `${referenceUrl}#schema/${name}`}>
      <SchemaTree node={root} className={LAZY_BLOCK_CLASS} style={placeholder} />
    </SchemaLinkContext.Provider>
  );
}
