// Earlier versions stored a link feed's password inside its link
// (ftp://user:password@host/path). A migration cannot encrypt (SQL has no key),
// so the refresh sweep (process.ts refreshDueFeeds, every 5 minutes) moves
// every such password into the encrypted column and strips it from the link.
// Until then credentials.ts reads both forms. Not a user's change and nothing
// visible changes (the link was always shown without its password): no
// activity row, no version bump, so an edit form open meanwhile still saves.
import { db } from "../db";
import { log } from "../log";
import { sealPassword } from "./credentials";
import { linkWithUser, splitLink } from "./link";

const BATCH = 500;

/** Moves up to 500 legacy passwords; returns how many feeds were changed. */
export async function secureLegacyFeedPasswords(): Promise<number> {
  // A userinfo with a colon before the @ of the authority: user:password@.
  const legacy = await db.$queryRaw<{ id: number; sourceUrl: string }[]>`
    SELECT id, "sourceUrl" FROM "CatalogFeed"
    WHERE "sourceType" IN ('FTP', 'SFTP') AND "sourceUrl" ~ '^[a-zA-Z]+://[^/@]*:[^/@]*@'
    ORDER BY id LIMIT ${BATCH}`;
  let moved = 0;
  for (const feed of legacy) {
    const { link, username, legacyPassword } = splitLink(feed.sourceUrl);
    if (!legacyPassword) continue;
    // Only if the link is still the one read: a user's save in between wins.
    const { count } = await db.catalogFeed.updateMany({
      where: { id: feed.id, sourceUrl: feed.sourceUrl },
      data: { sourceUrl: linkWithUser(link, username), sourcePasswordEncrypted: sealPassword(legacyPassword) },
    });
    moved += count;
  }
  if (moved) log.info("catalog: feed passwords moved out of their links and encrypted", { count: moved });
  return moved;
}
