// FTP/SFTP feed links. The stored link carries the user name
// (ftp://user@host/path) but never the password, which lives encrypted in its
// own column (credentials.ts). Links stored by earlier versions may still hold
// a password (ftp://user:password@host/path): splitLink() hands it over as
// `legacyPassword` until the refresh sweep has moved it (legacy.ts). Every
// link that leaves the server goes through displayLink() or splitLink().

export interface FeedLinkParts {
  /** The link without credentials. */
  link: string;
  username: string;
  /** A password still inside a link stored before passwords got their own column ("" if none). */
  legacyPassword: string;
}

/** The stored form: the link with the user name in it (percent-encoded), never a password. */
export function linkWithUser(link: string, username: string): string {
  const url = new URL(link);
  url.username = username ? encodeURIComponent(username) : "";
  url.password = "";
  return url.toString();
}

export function splitLink(stored: string): FeedLinkParts {
  const url = new URL(stored);
  const parts = { username: decodeURIComponent(url.username), legacyPassword: decodeURIComponent(url.password) };
  url.username = "";
  url.password = "";
  return { link: url.toString(), ...parts };
}

/** For lists and logs: the link with the user name but never the password. */
export function displayLink(stored: string): string {
  const { link, username } = splitLink(stored);
  return linkWithUser(link, username);
}

/** Where a link connects to: protocol, host as written (lower case, IPv6 without brackets) and port. */
export interface LinkEndpoint {
  protocol: "FTP" | "SFTP";
  host: string;
  port: number;
}

export function endpointOf(link: string): LinkEndpoint {
  const url = new URL(link);
  const protocol = url.protocol.toLowerCase() === "sftp:" ? "SFTP" : "FTP";
  const host = url.hostname.toLowerCase().replace(/^\[(.*)\]$/, "$1");
  return { protocol, host, port: url.port ? Number(url.port) : protocol === "SFTP" ? 22 : 21 };
}

export function sameEndpoint(a: LinkEndpoint, b: LinkEndpoint): boolean {
  return a.protocol === b.protocol && a.host === b.host && a.port === b.port;
}

/** The format a link's file name suggests (the content decides when it is fetched). */
export function formatFromLink(link: string): "XML" | "CSV" | "TSV" | "ZIP" {
  const file = new URL(link).pathname.toLowerCase();
  if (file.endsWith(".xml") || file.endsWith(".rss")) return "XML";
  if (file.endsWith(".tsv") || file.endsWith(".tab")) return "TSV";
  if (file.endsWith(".zip")) return "ZIP";
  return "CSV";
}
