// Shared by the spec tests: bundle a contract once and compile validators for its schemas.
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { API_NAMES as BUNDLED_API_NAMES, bundleSpec } from '../scripts/bundle.mjs';

export type ApiName = 'partner' | 'dsp' | 'pos' | 'events';
export const API_NAMES = BUNDLED_API_NAMES as ApiName[];

// OpenAPI keywords that are annotations for Ajv, not validation rules.
const OPENAPI_KEYWORDS = ['discriminator', 'example', 'xml', 'externalDocs', 'x-enum-descriptions'];

type OpenApiDoc = { components?: { schemas?: Record<string, unknown> } } & Record<string, unknown>;

const specs = new Map<ApiName, Promise<OpenApiDoc>>();
const compilers = new Map<ApiName, Promise<Ajv2020>>();

export function loadSpec(api: ApiName): Promise<OpenApiDoc> {
  if (!specs.has(api)) specs.set(api, bundleSpec(api) as Promise<OpenApiDoc>);
  return specs.get(api)!;
}

async function compilerFor(api: ApiName): Promise<Ajv2020> {
  if (!compilers.has(api)) {
    compilers.set(
      api,
      loadSpec(api).then((doc) => {
        const ajv = new Ajv2020({ allErrors: true, strict: false, keywords: OPENAPI_KEYWORDS });
        addFormats(ajv);
        ajv.addSchema({ ...doc, $id: `${api}.json` });
        return ajv;
      }),
    );
  }
  return compilers.get(api)!;
}

/** Validates `value` against a schema given by name or by JSON pointer into the bundled spec. */
export async function validatorFor(api: ApiName, schemaNameOrPointer: string): Promise<ValidateFunction> {
  const ajv = await compilerFor(api);
  const pointer = schemaNameOrPointer.startsWith('#')
    ? schemaNameOrPointer
    : `#/components/schemas/${schemaNameOrPointer}`;
  const validate = ajv.getSchema(`${api}.json${pointer}`);
  if (!validate) throw new Error(`No schema at ${pointer} in the ${api} spec.`);
  return validate;
}

export function describeErrors(errors: ErrorObject[] | null | undefined): string {
  return (errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message}`).join('; ');
}
