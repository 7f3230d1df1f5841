// Reading HLS playlists (RFC 8216) before ffmpeg ever sees them: what kind
// of playlist it is, every resource a player would open (segments, EXT-X-MAP
// init sections, EXT-X-KEY keys), made absolute, and the total duration that
// progress is measured against. We download those resources ourselves
// (segments.ts) and hand ffmpeg the playlist rewritten to the local copies
// (localPlaylist), so ffmpeg never opens a network address. Tags naming other
// resources (low-latency parts, preload hints, rendition reports) are dropped:
// a finished video does not need them. Pure: no I/O.

/** A reason the text is not a playlist we convert, in words a user may read. */
export class PlaylistError extends Error {}

export const PLAYLIST_MESSAGES = {
  notHls: "The link is not an HLS playlist (it does not start with #EXTM3U)",
  noSegments: "The HLS playlist has no media segments",
  live: "The HLS playlist is a live stream with no end (#EXT-X-ENDLIST is missing): only finished videos can be converted",
  noVariants: "The HLS master playlist lists no variant streams",
  nestedMaster: "The variant playlist is itself a master playlist",
  badUri: "The HLS playlist names a segment whose link cannot be read",
  segmentProtocol: "A segment of the HLS playlist is not an http:// or https:// link",
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

/** One file the playlist makes a player open, by what it is. */
export interface PlaylistResource {
  uri: string;
  kind: "segment" | "map" | "key";
}

export interface MediaPlaylist {
  kind: "media";
  /** Every URI the playlist makes a player open (segments, EXT-X-MAP, EXT-X-KEY), absolute. */
  uris: string[];
  /** The same, each once, in the order they first appear. */
  resources: PlaylistResource[];
  segmentCount: number;
  totalSeconds: number;
  ended: boolean;
  /** The playlist with every URI made absolute (localPlaylist rewrites it for ffmpeg). */
  text: string;
}

/** The URI attribute (not e.g. X-FOO-URI) of a tag. */
const URI_ATTRIBUTE = /([:,])URI="([^"]*)"/g;
/** The tags whose URI ffmpeg opens; other tags that name a resource are dropped. */
const RESOURCE_TAGS: Record<string, PlaylistResource["kind"]> = { "#EXT-X-MAP": "map", "#EXT-X-KEY": "key" };

function absolute(uri: string, base: string): string {
  try {
    return new URL(uri.trim(), base).toString();
  } catch {
    throw new PlaylistError(PLAYLIST_MESSAGES.badUri);
  }
}

/** Parses a playlist fetched from `baseUrl`; throws PlaylistError when it is not one. */
export function parsePlaylist(text: string, baseUrl: string): MasterPlaylist | MediaPlaylist {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  if (lines[0]?.trim() !== "#EXTM3U") throw new PlaylistError(PLAYLIST_MESSAGES.notHls);
  const isMaster = lines.some((line) => line.startsWith("#EXT-X-STREAM-INF"));
  return isMaster ? parseMaster(lines, baseUrl) : parseMedia(lines, baseUrl);
}

function parseMaster(lines: string[], baseUrl: string): MasterPlaylist {
  const variants: Variant[] = [];
  let pendingBandwidth: number | null = null;
  for (const raw of lines) {
    const line = raw.trim();
    if (line.startsWith("#EXT-X-STREAM-INF")) {
      pendingBandwidth = Number(/BANDWIDTH=(\d+)/.exec(line)?.[1] ?? 0);
    } else if (line && !line.startsWith("#") && pendingBandwidth !== null) {
      variants.push({ uri: absolute(line, baseUrl), bandwidth: pendingBandwidth });
      pendingBandwidth = null;
    }
  }
  if (variants.length === 0) throw new PlaylistError(PLAYLIST_MESSAGES.noVariants);
  return { kind: "master", variants };
}

function parseMedia(lines: string[], baseUrl: string): MediaPlaylist {
  const uris: string[] = [];
  const resources = new Map<string, PlaylistResource>();
  const out: string[] = [];
  let totalSeconds = 0;
  let segmentCount = 0;
  let ended = false;
  const addResource = (uri: string, kind: PlaylistResource["kind"]) => {
    const resolved = absolute(uri, baseUrl);
    uris.push(resolved);
    if (!resources.has(resolved)) resources.set(resolved, { uri: resolved, kind });
    return resolved;
  };
  for (const raw of lines) {
    const line = raw.trim();
    if (!line) continue;
    if (line.startsWith("#")) {
      if (line.startsWith("#EXTINF:")) totalSeconds += Number.parseFloat(line.slice("#EXTINF:".length)) || 0;
      if (line === "#EXT-X-ENDLIST") ended = true;
      const kind = RESOURCE_TAGS[line.split(":", 1)[0]];
      if (kind) out.push(line.replace(URI_ATTRIBUTE, (_m, lead: string, uri: string) => `${lead}URI="${addResource(uri, kind)}"`));
      else if (!/[:,]URI="/.test(line)) out.push(line);
      continue;
    }
    segmentCount++;
    out.push(addResource(line, "segment"));
  }
  if (segmentCount === 0) throw new PlaylistError(PLAYLIST_MESSAGES.noSegments);
  return { kind: "media", uris, resources: [...resources.values()], segmentCount, totalSeconds, ended, text: out.join("\n") + "\n" };
}

/** The playlist ffmpeg reads: every resource replaced by the name of its local copy. */
export function localPlaylist(media: MediaPlaylist, localName: (uri: string) => string): string {
  return media.text
    .split("\n")
    .map((line) => {
      if (!line) return line;
      if (!line.startsWith("#")) return localName(line);
      return line.replace(URI_ATTRIBUTE, (_m, lead: string, uri: string) => `${lead}URI="${localName(uri)}"`);
    })
    .join("\n");
}

/** The variant a conversion takes: the highest bandwidth (the best quality on offer). */
export function bestVariant(master: MasterPlaylist): Variant {
  return master.variants.reduce((best, v) => (v.bandwidth > best.bandwidth ? v : best));
}

/**
 * The rules a media playlist must meet before ffmpeg runs: finished (not
 * live), every URI http(s), no longer than `maxSeconds`. Returns the distinct
 * origins to check against the address guard.
 */
export function checkMediaPlaylist(media: MediaPlaylist, maxSeconds: number): string[] {
  if (!media.ended) throw new PlaylistError(PLAYLIST_MESSAGES.live);
  if (media.totalSeconds > maxSeconds) throw new PlaylistError(PLAYLIST_MESSAGES.tooLong(maxSeconds));
  const hosts = new Set<string>();
  for (const uri of media.uris) {
    const url = new URL(uri);
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new PlaylistError(PLAYLIST_MESSAGES.segmentProtocol);
    hosts.add(url.origin);
  }
  return [...hosts];
}
