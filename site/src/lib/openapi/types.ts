/**
 * The slice of OpenAPI 3.1 the site reads. Specs arrive as parsed JSON, so every field is
 * optional and values are checked where they are used rather than trusted by type.
 */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

export type SchemaObject = JsonObject;

export interface OpenApiDocument {
  openapi?: string;
  info?: { title?: string; version?: string; description?: string };
  servers?: ServerObject[];
  tags?: { name: string; description?: string }[];
  paths?: Record<string, JsonObject>;
  webhooks?: Record<string, JsonObject>;
  components?: {
    schemas?: Record<string, SchemaObject>;
    examples?: Record<string, ExampleObject>;
    parameters?: Record<string, JsonObject>;
    responses?: Record<string, JsonObject>;
    requestBodies?: Record<string, JsonObject>;
    headers?: Record<string, JsonObject>;
    securitySchemes?: Record<string, JsonObject>;
  };
  security?: Record<string, string[]>[];
}

export interface ServerObject {
  url: string;
  description?: string;
  variables?: Record<string, { default: string; enum?: string[]; description?: string }>;
}

export interface ExampleObject {
  summary?: string;
  description?: string;
  value?: JsonValue;
  externalValue?: string;
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
