// Build-time modules the api-reference plugin provides (see site/plugins/api-reference).
declare module '@generated/api-reference/models.json' {
  const models: Record<string, import('@site/src/lib/openapi/referenceModel').ReferenceModel>;
  export default models;
}

declare module '@api-reference/server' {
  const ServerReference: import('react').ComponentType<{ api: string }> | null;
  export default ServerReference;
}
