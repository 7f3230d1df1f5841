// Read paths on a real hot standby (TEST_DATABASE_REPLICA_URLS; .ci/run's
// replica step starts one with scripts/ci/replica.sh and sets REQUIRE_REPLICA=1,
// so there this file fails rather than skips when the standby is missing).
import "../helpers/next-cache-double";
import pg from "pg";
import { db } from "@/lib/db";
import { handleApiRequest } from "@/lib/api/router";
import { createApiKey } from "@/lib/account/api-keys";
import { scopeOf } from "@/lib/data/scope";
import { openReplicaSet } from "@/lib/db/replicas";
import { databaseSettings } from "@/lib/connections/settings";
import { asJob } from "@/lib/connections/work";
import { readFromReplica, rememberWrite, setReadAfterFloor } from "@/lib/data/read-replica";
import { tenantDb } from "@/lib/data/tenant-db";
import { useTestDatabase } from "../helpers/db";
import { routerOf } from "../helpers/rest-api";
import { makeAdvertiser, makeTenant } from "../helpers/factories";
import { primaryPosition, replicaRequired, testReplicaUrls, waitForReplay } from "../helpers/replicas";
import { adminUrl } from "../helpers/template";

// Writes through executeAction revalidate pages, which needs Next's request store.

const replicas = process.env.TEST_DATABASE_URL ? testReplicaUrls() : [];
const SKIPPED = "read replicas: skipped (needs TEST_DATABASE_URL and TEST_DATABASE_REPLICA_URLS; scripts/ci/replica.sh starts a standby)";

if (replicas.length === 0) {
  if (replicaRequired) test("REQUIRE_REPLICA=1 but no replica is configured", () => { throw new Error(SKIPPED); });
  else test.skip(SKIPPED, () => {});
} else {
  jest.setTimeout(90_000);
  describe("read replicas", () => {
    // A small maximum lag, so a paused standby counts as too far behind within the test.
    const MAX_LAG_MS = 1_500;
    const database = useTestDatabase({ replicaMaxLagMs: MAX_LAG_MS });
    // These tests decide themselves what each read must see (the helper's floor would hide the lag).
    beforeAll(() => setReadAfterFloor(undefined));

    const onStandby = async () => (await db.$queryRaw<Array<{ standby: boolean }>>`SELECT pg_is_in_recovery() AS "standby"`)[0].standby;

    /** The test database on the standby, as a superuser (pausing replay). */
    async function standby<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
      const name = new URL((database.handle.target as { url: string }).url).pathname.slice(1);
      const client = new pg.Client({ connectionString: adminUrl(replicas[0], name) });
      await client.connect();
      try {
        return await fn(client);
      } finally {
        await client.end();
      }
    }

    async function caughtUp() {
      // Generous: the other test files of the run write on the same server meanwhile.
      expect(await waitForReplay(replicas, await primaryPosition(database.handle.raw), 30_000)).toBe(true);
    }

    test("a read path reads from the standby; the same read outside one, in a transaction or in a job, from the primary", async () => {
      await caughtUp();
      expect(await readFromReplica({ userId: 1 }, onStandby)).toBe(true);
      expect(await onStandby()).toBe(false);
      expect(await readFromReplica({ userId: 1 }, () => db.$transaction(async (tx) => (await tx.$queryRaw<Array<{ s: boolean }>>`SELECT pg_is_in_recovery() AS "s"`)[0].s))).toBe(false);
      expect(await asJob(() => readFromReplica({ userId: 1 }, onStandby))).toBe(false);
      // A statement with an effect inside a read path still goes to the primary.
      const [row] = await readFromReplica({ userId: 1 }, () => db.$queryRaw<Array<{ standby: boolean }>>`SELECT pg_is_in_recovery() AS "standby", txid_current()`);
      expect(row.standby).toBe(false);
    });

    test("a REST GET reads from the standby; a REST write and the same key's next GET from the primary until the standby has that write", async () => {
      const t = await makeTenant("RW");
      const { secret } = await createApiKey(scopeOf(t.ctx), { name: "replica", scope: "READ_WRITE" });
      const call = (method: string, route: (r: Request) => Promise<Response>) =>
        route(new Request("http://localhost/api/v1/test", { method, headers: { authorization: `Bearer ${secret}` } })).then((r) => r.json());
      const reads = routerOf("GET", "/test", "read", async () => onStandby());
      const writes = routerOf("POST", "/test", "write", async () => onStandby());
      await caughtUp();
      expect(await call("GET", reads)).toEqual({ respObject: true });
      // A route without dynamic segments is also called for other methods; only a GET may read from a replica.
      expect(await call("POST", writes)).toEqual({ respObject: false });
      await standby((c) => c.query("SELECT pg_wal_replay_pause()"));
      try {
        await makeAdvertiser(t.licensee.id);
        expect(await call("POST", writes)).toEqual({ respObject: false });
        expect(await call("GET", reads)).toEqual({ respObject: false });
      } finally {
        await standby((c) => c.query("SELECT pg_wal_replay_resume()"));
      }
    });

    test("REST resources: a list GET reads from the standby; after the key's write (deactivate) its next GET reads the primary", async () => {
      const t = await makeTenant("RW");
      const known = await makeAdvertiser(t.licensee.id, { name: "Known" });
      const { secret } = await createApiKey(scopeOf(t.ctx), { name: "resources", scope: "READ_WRITE" });
      const auth = { authorization: `Bearer ${secret}` };
      const listNames = async () => {
        const answer = await handleApiRequest(new Request("http://localhost/api/v1/advertisers?size=50", { headers: auth }));
        const body = (await answer.json()) as { respObject: { data: Array<{ name: string }> } };
        return body.respObject.data.map((a) => a.name).sort();
      };
      await caughtUp();
      await standby((c) => c.query("SELECT pg_wal_replay_pause()"));
      try {
        await makeAdvertiser(t.licensee.id, { name: "Not replayed" }); // written by no user: nobody's reads wait for it
        expect(await listNames()).toEqual(["Known"]);
        const answer = await handleApiRequest(new Request(`http://localhost/api/v1/advertisers/${known.id}/deactivate`, { method: "POST", headers: auth }));
        expect(answer.status).toBe(200);
        expect(await listNames()).toEqual(["Known", "Not replayed"]);
      } finally {
        await standby((c) => c.query("SELECT pg_wal_replay_resume()"));
      }
    });

    test("read-your-writes: while the standby lags, the writer reads from the primary and sees the write; others read the standby's older rows", async () => {
      const t = await makeTenant("RW");
      const other = await makeTenant("RW");
      await caughtUp();
      await standby((c) => c.query("SELECT pg_wal_replay_pause()"));
      try {
        const advertiser = await makeAdvertiser(t.licensee.id, { name: "Written while the standby lags" });
        await rememberWrite(t.user.id);
        const seen = await readFromReplica(t.ctx, async () => ({ standby: await onStandby(), rows: await tenantDb(t.ctx).advertiser.findMany({ where: { id: advertiser.id } }) }));
        expect(seen.standby).toBe(false);
        expect(seen.rows).toHaveLength(1);
        // Another user has written nothing: the standby serves, within the lag, without the row.
        const elsewhere = await readFromReplica(other.ctx, async () => ({ standby: await onStandby(), found: await db.advertiser.count({ where: { id: advertiser.id } }) }));
        expect(elsewhere).toEqual({ standby: true, found: 0 });
      } finally {
        await standby((c) => c.query("SELECT pg_wal_replay_resume()"));
      }
      await caughtUp();
      expect(await readFromReplica(t.ctx, onStandby)).toBe(true);
    });

    test("a standby further behind than the maximum lag is skipped: reads go to the primary, no error", async () => {
      await caughtUp();
      expect(await readFromReplica({ userId: 1 }, onStandby)).toBe(true);
      await standby((c) => c.query("SELECT pg_wal_replay_pause()"));
      try {
        await makeTenant("RW"); // the primary moves on
        await new Promise((r) => setTimeout(r, MAX_LAG_MS + 1_100));
        expect(await readFromReplica({ userId: 1 }, onStandby)).toBe(false);
      } finally {
        await standby((c) => c.query("SELECT pg_wal_replay_resume()"));
      }
      await caughtUp();
      // Back once a probe (about every second) finds it within the maximum again; other test files keep the primary moving.
      const deadline = Date.now() + 10_000;
      let back = false;
      while (!back && Date.now() < deadline) {
        back = await readFromReplica({ userId: 1 }, onStandby);
        if (!back) await new Promise((r) => setTimeout(r, 200));
      }
      expect(back).toBe(true);
    });

    test("an unreachable replica is skipped without an error", async () => {
      const set = openReplicaSet({ urls: ["postgres://postgres@127.0.0.1:1/none"], settings: { ...databaseSettings(), poolSize: 1 }, primary: database.handle.raw });
      try {
        await expect(set.pick(null)).resolves.toBeNull();
      } finally {
        await set.close();
      }
    });
  });
}
