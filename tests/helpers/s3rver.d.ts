// s3rver ships no types; the part the tests use (its README: "Programmatically running s3rver").
declare module "s3rver" {
  type Options = {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    configureBuckets?: Array<{ name: string; configs: Array<string | Buffer> }>;
  };
  export default class S3rver {
    constructor(options?: Options);
    run(): Promise<unknown>;
    close(): Promise<void>;
  }
}
