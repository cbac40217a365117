/** A JSON Schema (2020-12, as OpenAPI 3.1 uses it), kept loosely typed. */
export type JsonSchema = boolean | { readonly [keyword: string]: unknown };

/** What the generated `<api>.schemas.ts` modules hold: the contract's named schemas. */
export interface SchemaDocument {
  readonly info: { readonly title: string; readonly version: string };
  readonly components: { readonly schemas: { readonly [name: string]: JsonSchema } };
}
