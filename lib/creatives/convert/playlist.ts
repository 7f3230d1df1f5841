// Reading HLS playlists (RFC 8216) before ffmpeg ever sees one. Nothing of
// the fetched text is handed on: it is parsed into values (each segment with
// its duration, byte range, initialization section and AES-128 key, every link
// made absolute against the playlist's own URL), the links must be http(s),
// we download those files ourselves through the address guard (segments.ts),
// and ffmpeg reads a playlist written from the values alone
// (localPlaylistText) whose every line names a file of the conversion's own
// folder. Tags we do not use are dropped, whatever they name; a tag we use
// that cannot be read fails the conversion. Pure: no I/O.

/** A reason the text is not a playlist we convert, in words a user may read. */
export class PlaylistError extends Error {}

export const PLAYLIST_MESSAGES = {
  notHls: "The link is not an HLS playlist (it does not start with #EXTM3U)",
  noSegments: "The HLS playlist has no media segments",
  live: "The HLS playlist is a live stream with no end (#EXT-X-ENDLIST is missing): only finished videos can be converted",
  noVariants: "The HLS master playlist lists no variant streams",
  nestedMaster: "The variant playlist is itself a master playlist",
  badUri: "The HLS playlist names a file whose link cannot be read",
  notHttp: "The HLS playlist names a file (segment, initialization section or key) that is not an http:// or https:// link",
  badTag: (tag: string) => `The HLS playlist's ${tag} tag cannot be read`,
  noUri: (tag: string) => `The HLS playlist's ${tag} tag names no file (URI)`,
  keyMethod: (method: string) => `The HLS playlist is encrypted with ${method}: only AES-128 (or no encryption) can be converted`,
  keyFormat: (format: string) => `The HLS playlist is encrypted for a DRM system (KEYFORMAT ${format}): it cannot be converted`,
  badByteRange: "The HLS playlist has a byte range that cannot be read",
  mapWithoutIv: "The HLS playlist's encrypted initialization section has no IV",
  tooLong: (maxSeconds: number) => `The video is longer than ${Math.round(maxSeconds / 60)} minutes`,
} as const;

export interface Variant {
  uri: string;
  bandwidth: number;
}

export interface MasterPlaylist {
  kind: "master";
  variants: Variant[];
}

export interface ByteRange {
  length: number;
  offset: number;
}

/** An AES-128 key: the whole segment is AES-128-CBC with PKCS#7 padding. */
export interface SegmentKey {
  uri: string;
  /** The IV attribute; null: the segment's media sequence number (RFC 8216 5.2). */
  iv: Buffer | null;
}

export interface InitSection {
  uri: string;
  byteRange: ByteRange | null;
  key: SegmentKey | null;
}

export interface MediaSegment {
  uri: string;
  seconds: number;
  /** Its media sequence number (the IV of a key without one). */
  sequence: number;
  byteRange: ByteRange | null;
  key: SegmentKey | null;
  map: InitSection | null;
  discontinuity: boolean;
}

/** One file the playlist makes a player open, by what it is first used as. */
export interface PlaylistResource {
  uri: string;
  kind: "segment" | "map" | "key";
}

export interface MediaPlaylist {
  kind: "media";
  segments: MediaSegment[];
  /** Every file to download, each once, in the order first needed. */
  resources: PlaylistResource[];
  totalSeconds: number;
  ended: boolean;
}

function absolute(uri: string, base: string): string {
  try {
    return new URL(uri.trim(), base).toString();
  } catch {
    throw new PlaylistError(PLAYLIST_MESSAGES.badUri);
  }
}

/**
 * An attribute list (RFC 8216 4.2): NAME=value pairs separated by commas,
 * values quoted or not, spaces around them tolerated. Null when it cannot be
 * read (a name repeated too: two readers could take different ones).
 */
export function parseAttributes(text: string): Map<string, string> | null {
  const attributes = new Map<string, string>();
  let rest = text.trim();
  while (rest) {
    const match = /^([A-Z0-9-]+)\s*=\s*(?:"([^"]*)"|([^",]*))\s*(?:,\s*|$)/.exec(rest);
    if (!match || attributes.has(match[1])) return null;
    attributes.set(match[1], match[2] ?? match[3].trim());
    rest = rest.slice(match[0].length);
  }
  return attributes;
}

/** A tag line split into its name and value: "#EXT-X-MAP: URI=…" → ["#EXT-X-MAP", "URI=…"]. */
function splitTag(line: string): [string, string] {
  const colon = line.indexOf(":");
  return colon < 0 ? [line, ""] : [line.slice(0, colon), line.slice(colon + 1)];
}

function attributesOf(tag: string, value: string): Map<string, string> {
  const attributes = parseAttributes(value);
  if (!attributes) throw new PlaylistError(PLAYLIST_MESSAGES.badTag(tag));
  return attributes;
}

/** Parses a playlist fetched from `baseUrl`; throws PlaylistError when it is not one. */
export function parsePlaylist(text: string, baseUrl: string): MasterPlaylist | MediaPlaylist {
  const lines = text
    .replace(/^\uFEFF/, "")
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  if (lines[0] !== "#EXTM3U") throw new PlaylistError(PLAYLIST_MESSAGES.notHls);
  const isMaster = lines.some((line) => line.startsWith("#EXT-X-STREAM-INF"));
  return isMaster ? parseMaster(lines, baseUrl) : parseMedia(lines, baseUrl);
}

function parseMaster(lines: string[], baseUrl: string): MasterPlaylist {
  const variants: Variant[] = [];
  let pendingBandwidth: number | null = null;
  for (const line of lines) {
    const [tag, value] = splitTag(line);
    if (tag === "#EXT-X-STREAM-INF") {
      pendingBandwidth = Number(attributesOf(tag, value).get("BANDWIDTH")) || 0;
    } else if (!line.startsWith("#") && pendingBandwidth !== null) {
      variants.push({ uri: absolute(line, baseUrl), bandwidth: pendingBandwidth });
      pendingBandwidth = null;
    }
  }
  if (variants.length === 0) throw new PlaylistError(PLAYLIST_MESSAGES.noVariants);
  return { kind: "master", variants };
}

/** "<length>[@<offset>]" (EXT-X-BYTERANGE and the BYTERANGE of EXT-X-MAP). */
function parseRange(text: string): { length: number; offset: number | null } {
  const match = /^(\d{1,15})(?:@(\d{1,15}))?$/.exec(text.trim());
  if (!match || Number(match[1]) === 0) throw new PlaylistError(PLAYLIST_MESSAGES.badByteRange);
  return { length: Number(match[1]), offset: match[2] === undefined ? null : Number(match[2]) };
}

/** The key an EXT-X-KEY sets for the segments after it: null for METHOD=NONE. */
function parseKey(value: string, baseUrl: string): SegmentKey | null {
  const attributes = attributesOf("#EXT-X-KEY", value);
  const method = attributes.get("METHOD");
  if (!method) throw new PlaylistError(PLAYLIST_MESSAGES.badTag("#EXT-X-KEY"));
  if (method === "NONE") return null;
  const format = attributes.get("KEYFORMAT");
  if (format !== undefined && format !== "identity") throw new PlaylistError(PLAYLIST_MESSAGES.keyFormat(format));
  if (method !== "AES-128") throw new PlaylistError(PLAYLIST_MESSAGES.keyMethod(method));
  const uri = attributes.get("URI");
  if (!uri) throw new PlaylistError(PLAYLIST_MESSAGES.noUri("#EXT-X-KEY"));
  const iv = attributes.get("IV");
  if (iv !== undefined && !/^0x[0-9a-f]{1,32}$/i.test(iv)) throw new PlaylistError(PLAYLIST_MESSAGES.badTag("#EXT-X-KEY"));
  return { uri: absolute(uri, baseUrl), iv: iv === undefined ? null : Buffer.from(iv.slice(2).padStart(32, "0"), "hex") };
}

function parseMap(value: string, baseUrl: string, key: SegmentKey | null): InitSection {
  const attributes = attributesOf("#EXT-X-MAP", value);
  const uri = attributes.get("URI");
  if (!uri) throw new PlaylistError(PLAYLIST_MESSAGES.noUri("#EXT-X-MAP"));
  const range = attributes.has("BYTERANGE") ? parseRange(attributes.get("BYTERANGE")!) : null;
  // An init section has no media sequence number to stand in for a missing IV.
  if (key && !key.iv) throw new PlaylistError(PLAYLIST_MESSAGES.mapWithoutIv);
  return { uri: absolute(uri, baseUrl), byteRange: range && { length: range.length, offset: range.offset ?? 0 }, key };
}

function parseMedia(lines: string[], baseUrl: string): MediaPlaylist {
  const segments: MediaSegment[] = [];
  let firstSequence = 0;
  let ended = false;
  let key: SegmentKey | null = null;
  let map: InitSection | null = null;
  let pending = { seconds: 0, range: null as ReturnType<typeof parseRange> | null, discontinuity: false };
  for (const line of lines) {
    if (!line.startsWith("#")) {
      const uri = absolute(line, baseUrl);
      const previous = segments[segments.length - 1];
      let byteRange: ByteRange | null = null;
      if (pending.range) {
        // Without an offset a range follows the previous segment's, in the same file.
        const follows = previous?.uri === uri && previous.byteRange ? previous.byteRange.offset + previous.byteRange.length : null;
        const offset = pending.range.offset ?? follows;
        if (offset === null) throw new PlaylistError(PLAYLIST_MESSAGES.badByteRange);
        byteRange = { length: pending.range.length, offset };
      }
      segments.push({ uri, seconds: pending.seconds, sequence: firstSequence + segments.length, byteRange, key, map, discontinuity: pending.discontinuity });
      pending = { seconds: 0, range: null, discontinuity: false };
      continue;
    }
    const [tag, value] = splitTag(line);
    if (tag === "#EXTINF") {
      const seconds = Number.parseFloat(value);
      pending.seconds = seconds > 0 ? seconds : 0;
    } else if (tag === "#EXT-X-BYTERANGE") pending.range = parseRange(value);
    else if (tag === "#EXT-X-DISCONTINUITY") pending.discontinuity = true;
    else if (tag === "#EXT-X-KEY") key = parseKey(value, baseUrl);
    else if (tag === "#EXT-X-MAP") map = parseMap(value, baseUrl, key);
    else if (tag === "#EXT-X-MEDIA-SEQUENCE" && segments.length === 0) firstSequence = Number.parseInt(value, 10) || 0;
    else if (tag === "#EXT-X-ENDLIST") ended = true;
  }
  if (segments.length === 0) throw new PlaylistError(PLAYLIST_MESSAGES.noSegments);
  const totalSeconds = segments.reduce((sum, s) => sum + s.seconds, 0);
  return { kind: "media", segments, resources: resourcesOf(segments), totalSeconds, ended };
}

/** Every file the segments need, each once: keys, init sections and their keys, segments. */
function resourcesOf(segments: MediaSegment[]): PlaylistResource[] {
  const resources = new Map<string, PlaylistResource>();
  const add = (uri: string, kind: PlaylistResource["kind"]) => {
    if (!resources.has(uri)) resources.set(uri, { uri, kind });
  };
  for (const segment of segments) {
    if (segment.map?.key) add(segment.map.key.uri, "key");
    if (segment.map) add(segment.map.uri, "map");
    if (segment.key) add(segment.key.uri, "key");
    add(segment.uri, "segment");
  }
  return [...resources.values()];
}

/** The variant a conversion takes: the highest bandwidth (the best quality on offer). */
export function bestVariant(master: MasterPlaylist): Variant {
  return master.variants.reduce((best, v) => (v.bandwidth > best.bandwidth ? v : best));
}

/**
 * The rules a media playlist must meet before anything is downloaded:
 * finished (not live), every file an http(s) link, no longer than
 * `maxSeconds`. Returns the distinct origins to check against the address guard.
 */
export function checkMediaPlaylist(media: MediaPlaylist, maxSeconds: number): string[] {
  if (!media.ended) throw new PlaylistError(PLAYLIST_MESSAGES.live);
  if (media.totalSeconds > maxSeconds) throw new PlaylistError(PLAYLIST_MESSAGES.tooLong(maxSeconds));
  const hosts = new Set<string>();
  for (const { uri } of media.resources) {
    const url = new URL(uri);
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new PlaylistError(PLAYLIST_MESSAGES.notHttp);
    hosts.add(url.origin);
  }
  return [...hosts];
}

/** One segment as ffmpeg reads it: our file names, never a link. */
export interface LocalSegment {
  file: string;
  seconds: number;
  /** The init section's file, when the segment has one. */
  initFile: string | null;
  discontinuity: boolean;
}

/** What a file named in the local playlist must look like: a name of ours in the same folder. */
const LOCAL_NAME = /^[a-z]+-\d{5}\.[a-z0-9]{1,5}$/;

function localName(name: string): string {
  if (!LOCAL_NAME.test(name)) throw new Error(`not a local file name: ${name}`);
  return name;
}

/** The playlist ffmpeg reads, written from values only: no byte of the fetched text is in it. */
export function localPlaylistText(segments: LocalSegment[]): string {
  const longest = Math.max(1, ...segments.map((s) => Math.ceil(s.seconds)));
  const lines = ["#EXTM3U", `#EXT-X-TARGETDURATION:${longest}`, "#EXT-X-MEDIA-SEQUENCE:0", "#EXT-X-PLAYLIST-TYPE:VOD"];
  let initFile: string | null = null;
  for (const segment of segments) {
    if (segment.discontinuity) lines.push("#EXT-X-DISCONTINUITY");
    if (segment.initFile && segment.initFile !== initFile) lines.push(`#EXT-X-MAP:URI="${localName(segment.initFile)}"`);
    initFile = segment.initFile;
    lines.push(`#EXTINF:${segment.seconds.toFixed(6)},`, localName(segment.file));
  }
  lines.push("#EXT-X-ENDLIST");
  return lines.join("\n") + "\n";
}
