// What a CRM file (upload or remote schedule) holds and how its lines become
// user keys, without ever keeping a raw identifier. Pure: the browser's file
// check and the server share it.
//
// One identifier per line; a CSV line's first column is the identifier (the
// other columns are ignored), surrounding quotes and blanks are dropped, blank
// lines skipped. The first line is read as a header when it is not a valid
// identifier (it is then neither accepted nor counted as invalid).
//
// The encoding says what the file holds:
// - NONE: raw identifiers (ADID: a UUID such as a GAID or IDFA; IP: an IPv4 or
//   IPv6 address), hashed here with SHA-256 of their canonical form
//   (userKeyOf), the same key the pixel and MMP postbacks give the same user;
// - SHA256: already the SHA-256 hex of the canonical identifier (64 hex
//   characters), stored lower-cased: the same key space as NONE;
// - MD5: MD5 hex digests (32 hex characters), stored lower-cased as they
//   are. MD5 cannot be turned into SHA-256, so these keys form their own key
//   space: they count as members (totalUU) but match no stored event, which
//   are keyed by SHA-256 (32 characters never equal 64, so the spaces cannot collide).
import ipaddr from "ipaddr.js";
import { userKeyOf, type IdentifierType } from "../identifiers";
import { CRM_UPLOAD_MESSAGES, MAX_CRM_LINES, type CrmEncoding } from "./files";

export * from "./files";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HEX64 = /^[0-9a-f]{64}$/i;
const HEX32 = /^[0-9a-f]{32}$/i;

/** The first column of a line, unquoted and trimmed ("" for a blank line). */
export function identifierOfLine(line: string): string {
  const first = line.replace(/^\uFEFF/, "").split(/[,;\t]/, 1)[0] ?? "";
  return first.trim().replace(/^"(.*)"$/, "$1").replace(/^'(.*)'$/, "$1").trim();
}

/** The stored key of one identifier, or null when it is not valid for the encoding and identifier type. */
export function keyOfIdentifier(value: string, encoding: CrmEncoding, type: IdentifierType): string | null {
  if (encoding === "SHA256") return HEX64.test(value) ? value.toLowerCase() : null;
  if (encoding === "MD5") return HEX32.test(value) ? value.toLowerCase() : null;
  if (type === "ADID") return UUID.test(value) ? userKeyOf(value, "ADID") : null;
  return ipaddr.isValid(value) && !value.includes("/") ? userKeyOf(value, "IP") : null;
}

export interface CrmFileSummary {
  /** Distinct valid identifiers of the file. */
  accepted: number;
  /** Lines that are no valid identifier for the encoding (the header line excepted). */
  invalid: number;
  /** Valid lines repeating an identifier met earlier in the file. */
  duplicates: number;
  /** A first line read as a header. */
  headerSkipped: boolean;
}

/** Thrown when a file passes MAX_CRM_LINES lines. */
export class CrmFileError extends Error {}

/**
 * Reads a file's text as it arrives, in pieces of any size (a line may span
 * two pieces), keeping only the keys. `finish()` reads the last line.
 */
export class CrmKeyCollector {
  readonly keys = new Set<string>();
  private partial = "";
  private lines = 0;
  private readonly decoder = new TextDecoder("utf-8");
  readonly summary: CrmFileSummary = { accepted: 0, invalid: 0, duplicates: 0, headerSkipped: false };

  constructor(
    private readonly encoding: CrmEncoding,
    private readonly type: IdentifierType,
    private readonly maxLines = MAX_CRM_LINES,
  ) {}

  push(bytes: Uint8Array): void {
    this.text(this.decoder.decode(bytes, { stream: true }));
  }

  text(piece: string): void {
    const parts = (this.partial + piece).split(/\r?\n|\r/);
    this.partial = parts.pop() ?? "";
    for (const line of parts) this.line(line);
  }

  finish(): CrmFileSummary {
    this.text(this.decoder.decode());
    if (this.partial) this.line(this.partial);
    this.partial = "";
    this.summary.accepted = this.keys.size;
    return this.summary;
  }

  private line(raw: string): void {
    const value = identifierOfLine(raw);
    if (!value) return;
    this.lines += 1;
    if (this.lines > this.maxLines) throw new CrmFileError(CRM_UPLOAD_MESSAGES.tooManyLines);
    const key = keyOfIdentifier(value, this.encoding, this.type);
    if (key === null) {
      if (this.lines === 1) this.summary.headerSkipped = true;
      else this.summary.invalid += 1;
      return;
    }
    if (this.keys.has(key)) this.summary.duplicates += 1;
    else this.keys.add(key);
  }
}

/** The summary in words (activity rows, the remote schedule's last status). */
export function summaryText(s: CrmFileSummary): string {
  return `${s.accepted} accepted, ${s.invalid} invalid line(s), ${s.duplicates} duplicate(s)`;
}
