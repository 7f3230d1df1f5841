// Choosing and configuring the S3 backend: STORAGE_URL's form, the STORAGE_S3_*
// settings as lib/env validates them, and storage() following them.
import { useEnv } from "../../tests/helpers/env";
import { ConfigError, configWarnings, parseEnv } from "../env";
import { LocalDirectoryStorage } from "./local";
import { S3Storage } from "./s3";
import { parseS3StorageUrl } from "../env/s3-url";
import { s3StorageSettings, storage } from "./index";

// The SDK warns once per process on Node before 22 (the image runs 22); the tests run on the machine's Node.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = "true";

test.each([
  ["s3://media-bucket", { bucket: "media-bucket", prefix: "" }],
  ["s3://media-bucket/", { bucket: "media-bucket", prefix: "" }],
  ["s3://media.bucket-1/dsp/prod", { bucket: "media.bucket-1", prefix: "dsp/prod" }],
  ["s3://media-bucket/dsp/prod/", { bucket: "media-bucket", prefix: "dsp/prod" }],
])("%s is bucket and prefix", (url, location) => {
  expect(parseS3StorageUrl(url)).toEqual(location);
});

test.each(["media-bucket", "https://media-bucket.s3.amazonaws.com", "s3://", "s3://ab", "s3://Media", "s3://-bucket", "s3://a..b", "s3://bucket/../x", "s3://bucket//x", "s3://bucket/a b"])(
  "%j is refused",
  (url) => {
    expect(parseS3StorageUrl(url)).toBeNull();
  },
);

describe("the settings", () => {
  const parse = (vars: Record<string, string>) => () => parseEnv(vars);

  test("defaults: no STORAGE_URL, region us-east-1, virtual-hosted addressing, the default credential chain", () => {
    const config = parseEnv({ STORAGE_S3_ENDPOINT: "", STORAGE_URL: "" });
    expect(config.STORAGE_URL).toBeUndefined();
    expect(s3StorageSettings(config)).toBeNull();
    expect(s3StorageSettings(parseEnv({ STORAGE_URL: "s3://media-bucket/dsp" }))).toEqual({
      bucket: "media-bucket",
      prefix: "dsp",
      endpoint: undefined,
      region: "us-east-1",
      forcePathStyle: false,
      credentials: undefined,
    });
  });

  test("an S3-compatible store with keys", () => {
    const config = parseEnv({
      STORAGE_URL: "s3://uploads",
      STORAGE_S3_ENDPOINT: "http://127.0.0.1:9000",
      STORAGE_S3_REGION: "eu-central-1",
      STORAGE_S3_FORCE_PATH_STYLE: "true",
      STORAGE_S3_ACCESS_KEY_ID: "id",
      STORAGE_S3_SECRET_ACCESS_KEY: "secret",
    });
    expect(s3StorageSettings(config)).toMatchObject({ endpoint: "http://127.0.0.1:9000", region: "eu-central-1", forcePathStyle: true, credentials: { accessKeyId: "id", secretAccessKey: "secret" } });
    expect(configWarnings(config)).toEqual([]);
  });

  test("malformed values and half a key pair stop start-up, naming the variable", () => {
    expect(parse({ STORAGE_URL: "https://bucket.example.com" })).toThrow(/STORAGE_URL: must be s3:\/\/bucket/);
    expect(parse({ STORAGE_URL: "s3://uploads", STORAGE_S3_ENDPOINT: "ftp://store" })).toThrow(/STORAGE_S3_ENDPOINT: must be an http/);
    expect(parse({ STORAGE_S3_FORCE_PATH_STYLE: "yes" })).toThrow(/STORAGE_S3_FORCE_PATH_STYLE: must be true or false/);
    expect(parse({ STORAGE_URL: "s3://uploads", STORAGE_S3_ACCESS_KEY_ID: "id" })).toThrow(ConfigError);
    expect(parse({ STORAGE_URL: "s3://uploads", STORAGE_S3_SECRET_ACCESS_KEY: "secret" })).toThrow(/set both or neither/);
  });

  test("S3 settings without STORAGE_URL are a start-up warning: the files stay in STORAGE_DIR", () => {
    expect(configWarnings(parseEnv({ STORAGE_S3_ENDPOINT: "http://127.0.0.1:9000" }))).toEqual([expect.stringContaining("STORAGE_URL is not")]);
  });
});

describe("storage()", () => {
  useEnv({ STORAGE_URL: "s3://uploads/dsp", STORAGE_S3_ENDPOINT: "http://127.0.0.1:9", STORAGE_S3_FORCE_PATH_STYLE: "1" });

  test("is the S3 backend while STORAGE_URL is set, the local directory otherwise", () => {
    const s3 = storage();
    expect(s3).toBeInstanceOf(S3Storage);
    expect((s3 as S3Storage).bucket).toBe("uploads");
    expect(storage()).toBe(s3); // one client per settings, not one per call
    expect(s3.urlFor("images/1/a.png")).toBe("/api/files/images/1/a.png");
    process.env.STORAGE_URL = ""; // empty is unset
    expect(storage()).toBeInstanceOf(LocalDirectoryStorage);
  });
});
