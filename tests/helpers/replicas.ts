// Hot standbys of the test server (TEST_DATABASE_REPLICA_URLS, each naming
// any database of a standby of TEST_DATABASE_URL's server; .ci/run starts one
// with scripts/ci/replica.sh). A test database created on the primary reaches
// a standby only once replayed, and so does every row a test writes: the
// helpers here wait for that, so the read path's replica can be used.
import pg from "pg";
import { setReadAfterFloor } from "../../lib/data/read-replica";
import { walPositionValue } from "../../lib/db/replicas";
import type { RawSql } from "../../lib/db/connect";
import { adminUrl } from "./template";

export function testReplicaUrls(): string[] {
  return (process.env.TEST_DATABASE_REPLICA_URLS ?? "").split(",").map((u) => u.trim()).filter(Boolean);
}

/** REQUIRE_REPLICA=1 (CI's replica step): a test that needs a replica fails instead of skipping. */
export const replicaRequired = /^(1|true)$/i.test(process.env.REQUIRE_REPLICA ?? "");

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until every replica has replayed `position` of the primary (false: not within `timeoutMs`). */
export async function waitForReplay(urls: readonly string[], position: string, timeoutMs = 5_000): Promise<boolean> {
  const needed = walPositionValue(position)!;
  const deadline = Date.now() + timeoutMs;
  for (const url of urls) {
    const client = new pg.Client({ connectionString: adminUrl(url) });
    try {
      await client.connect();
      for (;;) {
        const { rows } = await client.query<{ replay: string | null }>("SELECT pg_last_wal_replay_lsn()::text AS replay");
        if (rows[0].replay && walPositionValue(rows[0].replay)! >= needed) break;
        if (Date.now() > deadline) return false;
        await sleep(5);
      }
    } finally {
      await client.end().catch(() => {});
    }
  }
  return true;
}

export async function primaryPosition(primary: RawSql): Promise<string> {
  const [row] = await primary.query<{ position: string }>("SELECT pg_current_wal_lsn()::text AS position");
  return row.position;
}

/**
 * Every read path must see what the test wrote so far (factories write with
 * no user, so no read-your-writes position covers them): the primary's
 * position now, after waiting briefly for the replicas to replay it, so that
 * the reads do go to a replica rather than fall back to the primary.
 */
export function installReplicaFloor(urls: readonly string[], primary: RawSql): void {
  setReadAfterFloor(async () => {
    const position = await primaryPosition(primary);
    await waitForReplay(urls, position, 1_000);
    return position;
  });
}
