import useBaseUrl from '@docusaurus/useBaseUrl';
import { API_REFERENCES } from '@site/src/constants';
import type { SchemaFieldsData } from '@site/src/lib/openapi/guideData';
import SchemaTree, { SchemaLinkContext } from './SchemaTree';

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

/** The field table of one schema from a bundled spec, for use in guides. */
export default function SchemaFields({ spec, data }: Props) {
  const reference = API_REFERENCES.find((candidate) => candidate.spec === spec);
  const referenceUrl = useBaseUrl(reference?.route ?? '/');
  if (data === undefined) {
    throw new Error('<SchemaFields> got no data: the remark-spec-components plugin is not registered for this page.');
  }
  const { root } = JSON.parse(data) as SchemaFieldsData;
  return (
    <SchemaLinkContext.Provider value={(name) => `${referenceUrl}#schema/${name}`}>
      <SchemaTree node={root} />
    </SchemaLinkContext.Provider>
  );
}
