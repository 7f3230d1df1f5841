// rate-limiter-flexible's RateLimiterPostgres talks to a node-postgres Pool
// (`storeType: "pool"`: it calls `query({ name, text, values })` and reads
// `rows` and `rowCount`). The app runs on a PostgreSQL pool or on embedded
// PGlite, so this adapter runs those statements through the application's own
// database handle (lib/db `raw`), whichever it is, and normalises what the
// two drivers return differently: pg gives BIGINT as a string, PGlite as a
// number, and the limiter does arithmetic on `expire`.
import { getDatabase } from "../db";

interface LimiterQuery {
  text: string;
  values?: unknown[];
}

interface LimiterRow {
  key?: unknown;
  points?: unknown;
  expire?: unknown;
}

const toNumber = (v: unknown) => (v === null || v === undefined ? v : Number(v));

/**
 * The Pool-like client. The database is looked up at every query (not at
 * creation), so it follows the app's lazily opened database and the test
 * database a test file installs. `rowCount` is the number of rows returned:
 * the limiter's own statements that it reads (upsert and get) all return
 * their rows; its `delete()` does not, so this module never calls it.
 */
export const databaseStoreClient = {
  async query(q: LimiterQuery): Promise<{ rows: LimiterRow[]; rowCount: number }> {
    const { raw } = await getDatabase();
    const rows = (await raw.query<LimiterRow>(q.text, q.values ?? [])).map((r) => ({
      ...r,
      ...("points" in r ? { points: toNumber(r.points) } : {}),
      ...("expire" in r ? { expire: toNumber(r.expire) } : {}),
    }));
    return { rows, rowCount: rows.length };
  },
};
