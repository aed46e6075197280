import { mkdirSync } from 'node:fs';
import S3rver from 's3rver';
import { freePort } from './ports.ts';

export interface LocalS3 {
  endpoint: string;
  server: S3rver;
  stop(): Promise<void>;
}

const corsConfig = (origin: string) => `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>${origin}</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>POST</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

/** Start s3rver with its objects under `dir`, creating the given buckets with CORS for the app origin. */
export async function startS3(dir: string, buckets: string[], appOrigin: string): Promise<LocalS3> {
  mkdirSync(dir, { recursive: true });
  const port = await freePort();
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    directory: dir,
    silent: true,
    configureBuckets: buckets.map((name) => ({ name, configs: [corsConfig(appOrigin)] })),
  });
  await server.run();
  return { endpoint: `http://127.0.0.1:${port}`, server, stop: () => server.close() };
}
