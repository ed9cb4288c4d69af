// The part of s3rver (a test-only S3 API server; it ships no types) the tests use.
declare module 's3rver' {
  export default class S3rver {
    constructor(options: {
      address?: string;
      port?: number;
      silent?: boolean;
      directory: string;
      configureBuckets?: Array<{ name: string }>;
    });
    run(): Promise<import('node:net').AddressInfo>;
    close(): Promise<void>;
  }
}
