import { createHash } from "node:crypto";
import { CRM_UPLOAD_MESSAGES, CrmFileError, crmFileKind, CrmKeyCollector, identifierOfLine, keyOfIdentifier } from "./identifiers";

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");
const GAID = "38400000-8CF0-11BD-B23E-10B96E40000D";

describe("file types (business.md 5: csv, txt, zip, gz)", () => {
  test.each([
    ["list.csv", "TEXT"], ["LIST.TXT", "TEXT"], ["users.zip", "ZIP"], ["users.csv.gz", "GZIP"], ["a.GZ", "GZIP"],
  ])("%s is %s", (name, kind) => expect(crmFileKind(name)).toBe(kind));
  test.each(["list.xlsx", "list.tsv", "gz", "list.csv.bak", "archive.tar"])("%s is refused", (name) => expect(crmFileKind(name)).toBeNull());
  test("the message names the allowed types", () => expect(CRM_UPLOAD_MESSAGES.fileType).toBe("Unsupported file type: upload a csv, txt, zip or gz file"));
});

describe("line parsing", () => {
  test("the first column, unquoted and trimmed; blank lines are blank", () => {
    expect(identifierOfLine(`  "${GAID}" ,x,y`)).toBe(GAID);
    expect(identifierOfLine("\uFEFFabc;def")).toBe("abc");
    expect(identifierOfLine("1.2.3.4\tcountry")).toBe("1.2.3.4");
    expect(identifierOfLine("   ")).toBe("");
  });
});

describe("hashing per encoding", () => {
  test("NONE: a raw device id is hashed as userKeyOf does (SHA-256 of the lower-cased id)", () => {
    expect(keyOfIdentifier(GAID, "NONE", "ADID")).toBe(sha256(GAID.toLowerCase()));
    expect(keyOfIdentifier(GAID.toLowerCase(), "NONE", "ADID")).toBe(keyOfIdentifier(GAID, "NONE", "ADID"));
  });
  test("NONE: an IP is hashed as written; other text is invalid", () => {
    expect(keyOfIdentifier("10.1.2.3", "NONE", "IP")).toBe(sha256("10.1.2.3"));
    expect(keyOfIdentifier("2001:db8::1", "NONE", "IP")).toBe(sha256("2001:db8::1"));
    expect(keyOfIdentifier("not-an-ip", "NONE", "IP")).toBeNull();
    expect(keyOfIdentifier("10.0.0.0/8", "NONE", "IP")).toBeNull();
    expect(keyOfIdentifier("john@example.com", "NONE", "ADID")).toBeNull();
    expect(keyOfIdentifier("10.1.2.3", "NONE", "ADID")).toBeNull();
  });
  test("SHA256: 64 hex characters, stored lower-cased; anything else is invalid", () => {
    const h = sha256("x").toUpperCase();
    expect(keyOfIdentifier(h, "SHA256", "ADID")).toBe(h.toLowerCase());
    expect(keyOfIdentifier(h.slice(1), "SHA256", "ADID")).toBeNull();
    expect(keyOfIdentifier(GAID, "SHA256", "ADID")).toBeNull();
  });
  test("MD5: 32 hex characters, stored lower-cased (its own key space: never 64 characters)", () => {
    const md5 = createHash("md5").update("x").digest("hex").toUpperCase();
    expect(keyOfIdentifier(md5, "MD5", "IP")).toBe(md5.toLowerCase());
    expect(keyOfIdentifier(sha256("x"), "MD5", "IP")).toBeNull();
  });
});

describe("the collector", () => {
  test("counts accepted, invalid and duplicate lines across pieces; a header line is skipped; no raw identifier is kept", () => {
    const c = new CrmKeyCollector("NONE", "ADID");
    const text = `device_id,name\r\n${GAID},a\nnope\n${GAID.toLowerCase()}\n\n11111111-2222-3333-4444-555555555555`;
    const bytes = new TextEncoder().encode(text);
    for (let i = 0; i < bytes.length; i += 7) c.push(bytes.subarray(i, i + 7));
    expect(c.finish()).toEqual({ accepted: 2, invalid: 1, duplicates: 1, headerSkipped: true });
    expect([...c.keys].sort()).toEqual([sha256(GAID.toLowerCase()), sha256("11111111-2222-3333-4444-555555555555")].sort());
  });
  test("a file over the line limit is refused with its message", () => {
    const c = new CrmKeyCollector("SHA256", "ADID", 2);
    expect(() => c.text(`${sha256("a")}\n${sha256("b")}\n${sha256("c")}\n`)).toThrow(new CrmFileError(CRM_UPLOAD_MESSAGES.tooManyLines));
  });
});
