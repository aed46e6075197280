import { mkdirSync } from 'node:fs';
import { SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import S3rver from 's3rver';
import { freePort, keepIdleSocketsLonger } from './ports.ts';

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
  keepIdleSocketsLonger(server.httpServer);
  return { endpoint: `http://127.0.0.1:${port}`, server, stop: () => server.close() };
}

export interface BucketEventRule {
  bucket: string;
  prefix: string;
  queueUrl: string;
}

interface S3EventMessage {
  Records: { eventName: string; s3: { bucket: { name: string }; object: { key: string } } }[];
}

/**
 * What an S3 event notification to a queue does when deployed: each object-created event under a rule's
 * prefix becomes one message (the event, as S3 sends it) on the rule's queue. Like S3 when a notification
 * is configured, every queue first gets an `s3:TestEvent`, which consumers must drop.
 */
export function forwardBucketEvents(
  s3: LocalS3,
  sqs: SQSClient,
  options: { rules: BucketEventRule[]; onError: (error: unknown) => void },
): void {
  const send = (queueUrl: string, body: unknown) =>
    sqs
      .send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: JSON.stringify(body) }))
      .catch(options.onError);
  for (const rule of options.rules) {
    void send(rule.queueUrl, {
      Service: 'Amazon S3',
      Event: 's3:TestEvent',
      Time: new Date().toISOString(),
      Bucket: rule.bucket,
    });
  }
  s3.server.on('event', (event: unknown) => {
    const record = (event as S3EventMessage).Records[0];
    if (!record?.eventName.startsWith('ObjectCreated:')) return;
    // Keys in S3 events are URL-encoded with '+' for spaces; s3rver sends them raw.
    const key = encodeURIComponent(record.s3.object.key).replace(/%20/g, '+').replace(/%2F/g, '/');
    for (const rule of options.rules) {
      if (record.s3.bucket.name !== rule.bucket || !record.s3.object.key.startsWith(rule.prefix)) continue;
      const message = {
        Records: [{ ...record, s3: { ...record.s3, object: { ...record.s3.object, key } } }],
      };
      void send(rule.queueUrl, message);
    }
  });
}
