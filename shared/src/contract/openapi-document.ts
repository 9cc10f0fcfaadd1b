/** The document's title and version, wherever it is built (at bundle time, or from the sources). */
export const OPENAPI_INFO = { title: 'Ride platform API', version: '1' } as const;

/**
 * The document with the API's own address as its server, which only a request knows (the
 * deployed domain and stage); placed where `buildOpenApi` puts it, after `info`.
 */
export function withServer(doc: Record<string, unknown>, serverUrl: string | undefined): Record<string, unknown> {
  if (!serverUrl) return doc;
  const { openapi, info, ...rest } = doc;
  return { openapi, info, servers: [{ url: serverUrl }], ...rest };
}
