import { gunzipSync } from 'node:zlib';
import { OPENAPI_INFO, withServer } from '../../../../shared/src/contract/openapi-document';
import { getOpenApi } from '../../../../shared/src/contract/system';
import { httpHandler } from '../../middleware/http-handler';

/**
 * The document, gzipped and base64-encoded, as the bundler put it in (`bundleDefines`,
 * infra/constructs/lambda-bundling.ts): built once per deploy from the contract, so the function
 * neither carries every route's schemas and the JSON Schema writer nor runs them at a cold start.
 * Run from the sources (no bundler), it is undefined and the document is built on the first call.
 */
declare const OPENAPI_DOCUMENT_GZIP: string | undefined;

let doc: Promise<Record<string, unknown>> | undefined;

// An if with its else (not an early return): esbuild folds the test on the defined constant and
// leaves the other branch, and with it the contract and the JSON Schema writer, out of the bundle.
async function openApiDocument(): Promise<Record<string, unknown>> {
  if (typeof OPENAPI_DOCUMENT_GZIP === 'string') {
    return JSON.parse(gunzipSync(Buffer.from(OPENAPI_DOCUMENT_GZIP, 'base64')).toString('utf8')) as Record<string, unknown>;
  } else {
    const [{ buildOpenApi }, { routes }] = await Promise.all([import('../../../../shared/src/contract/openapi'), import('../../../../shared/src/contract/routes')]);
    return buildOpenApi(routes, OPENAPI_INFO);
  }
}

export const handler = httpHandler(getOpenApi, async ({ event }) => {
  doc ??= openApiDocument();
  // A failed build is not kept: the next call tries again.
  doc.catch(() => { doc = undefined; });
  const serverUrl = event.requestContext?.domainName ? `https://${event.requestContext.domainName}/${event.requestContext.stage}` : undefined;
  return withServer(await doc, serverUrl);
});
