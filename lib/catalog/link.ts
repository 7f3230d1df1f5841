// FTP/SFTP feed links. Credentials are stored inside the link
// (ftp://user:password@host/path) and never shown: every link that leaves the
// server goes through displayLink() or splitLink().

export interface FeedLinkParts {
  /** The link without credentials. */
  link: string;
  username: string;
  hasPassword: boolean;
}

/** The stored form: the link with the credentials in it (percent-encoded). */
export function joinLink(link: string, username: string, password: string): string {
  const url = new URL(link);
  url.username = username ? encodeURIComponent(username) : "";
  url.password = username && password ? encodeURIComponent(password) : "";
  return url.toString();
}

export function splitLink(stored: string): FeedLinkParts {
  const url = new URL(stored);
  const parts = { username: decodeURIComponent(url.username), hasPassword: url.password !== "" };
  url.username = "";
  url.password = "";
  return { link: url.toString(), ...parts };
}

export function passwordOf(stored: string): string {
  return decodeURIComponent(new URL(stored).password);
}

/** For lists and logs: the link with the user name but never the password. */
export function displayLink(stored: string): string {
  const { link, username } = splitLink(stored);
  if (!username) return link;
  const url = new URL(link);
  url.username = encodeURIComponent(username);
  return url.toString();
}

/** The format a link's file name suggests (the content decides when it is fetched). */
export function formatFromLink(link: string): "XML" | "CSV" | "TSV" | "ZIP" {
  const file = new URL(link).pathname.toLowerCase();
  if (file.endsWith(".xml") || file.endsWith(".rss")) return "XML";
  if (file.endsWith(".tsv") || file.endsWith(".tab")) return "TSV";
  if (file.endsWith(".zip")) return "ZIP";
  return "CSV";
}
