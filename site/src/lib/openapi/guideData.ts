import { hint } from './suggest';
import { getByPointer, schemaRef } from './refs';
import { buildSchemaTree, type SchemaNode } from './schemaTree';
import { isObject, type OpenApiDocument } from './types';

/** What `<SchemaFields>` receives, serialised into its `data` attribute at build time. */
export interface SchemaFieldsData {
  root: SchemaNode;
}

/** What `<SpecExample>` receives, serialised into its `data` attribute at build time. */
export interface SpecExampleData {
  title: string;
  code: string;
}

export interface SchemaFieldsRequest {
  schema?: string;
  pointer?: string;
  depth?: number;
}

export function schemaFieldsData(doc: OpenApiDocument, api: string, request: SchemaFieldsRequest): SchemaFieldsData {
  const names = Object.keys(doc.components?.schemas ?? {});
  if (request.schema !== undefined && request.pointer !== undefined) {
    throw new Error('Give either schema or pointer, not both.');
  }
  let schema: unknown;
  if (request.schema !== undefined) {
    if (!names.includes(request.schema)) {
      throw new Error(`Schema "${request.schema}" does not exist in the ${api} spec. ${hint(request.schema, names)}`);
    }
    schema = { $ref: schemaRef(request.schema) };
  } else if (request.pointer !== undefined) {
    schema = getByPointer(doc, request.pointer);
    if (!isObject(schema)) {
      throw new Error(
        `Pointer "${request.pointer}" does not point at a schema in the ${api} spec (write it like /paths/~1tokens/post/requestBody/content/application~1json/schema).`,
      );
    }
  } else {
    throw new Error(`Give a schema name (schema="Holiday") or a JSON pointer (pointer="/paths/…/schema"). ${hint('', names)}`);
  }
  return { root: buildSchemaTree(doc, schema, request.depth === undefined ? {} : { maxDepth: request.depth }) };
}

export function specExampleData(doc: OpenApiDocument, api: string, name: string): SpecExampleData {
  const examples = doc.components?.examples ?? {};
  const example = examples[name];
  if (!example) {
    throw new Error(`Example "${name}" does not exist in the ${api} spec. ${hint(name, Object.keys(examples))}`);
  }
  if (example.value === undefined) {
    throw new Error(`Example "${name}" of the ${api} spec has no inline value to show.`);
  }
  return {
    title: example.summary ?? name,
    code: typeof example.value === 'string' ? example.value : JSON.stringify(example.value, null, 2),
  };
}
