declare module 's3rver' {
  interface S3rverOptions {
    address?: string;
    port?: number;
    directory?: string;
    silent?: boolean;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
    configureBuckets?: { name: string; configs: (string | Buffer)[] }[];
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<{ address: string; port: number }>;
    /** Create or update the configured buckets (run() does it before it listens). */
    configureBuckets(): Promise<void>;
    /** Listen as `http.Server#listen` takes it (a port, or a Unix socket path), without configuring buckets. */
    listen(...args: unknown[]): Promise<import('node:http').Server>;
    close(): Promise<void>;
    /** The listening server, set by run() (or by whoever called listen()); close() closes it. */
    httpServer?: import('node:http').Server;
    on(event: 'event', listener: (event: unknown) => void): this;
  }
}
