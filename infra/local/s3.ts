import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import S3rver from 's3rver';

const CORS = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>PUT</AllowedMethod><AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod><AllowedMethod>POST</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

export interface LocalS3 { endpoint: string; bucket: string; stop(): Promise<void> }

/** s3rver stands in for S3: presigned PUT/GET work as in AWS (it checks signatures). */
export async function startS3(opts: { port: number; dir: string; bucket: string }): Promise<LocalS3> {
  const directory = resolve(opts.dir, 's3');
  mkdirSync(directory, { recursive: true });
  const server = new S3rver({
    port: opts.port, address: '127.0.0.1', silent: true, directory,
    configureBuckets: [{ name: opts.bucket, configs: [CORS] }],
  });
  await server.run();
  return { endpoint: `http://127.0.0.1:${opts.port}`, bucket: opts.bucket, stop: () => server.close() };
}
