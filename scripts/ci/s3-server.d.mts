// Types of s3-server.mjs for the TypeScript tests that import it.
export const S3RVER_CREDENTIALS: Readonly<{ accessKeyId: string; secretAccessKey: string }>;
export interface S3TestServer {
  endpoint: string;
  bucket: string;
  credentials: Readonly<{ accessKeyId: string; secretAccessKey: string }>;
  close(): Promise<void>;
}
export function startS3Server(bucket: string): Promise<S3TestServer>;
