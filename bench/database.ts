// The bench database: a named PostgreSQL database holding the world of one
// scale (./world.ts), built once and reused by later runs while it matches.
// What it holds is written in the database's comment ("dsp-bench {...}":
// scale, world end, days built, build time), updated in each day's
// transaction, so an interrupted build resumes at the next day and a
// database the bench did not create is never touched.
import { execFileSync } from "node:child_process";
import { performance } from "node:perf_hooks";
import pg from "pg";
import type { DatabaseHandle } from "../lib/db/connect";
import { poolRaw } from "../lib/db/connect";
import { applyMigrations, migrationsFingerprint, readMigrations } from "../lib/db/migrate";
import { handleForPostgres } from "../lib/db/postgres";
import { buildKolkataBoundary, bulkDeliveryDays } from "./bulk-facts";
import { buildEntities, DAY_MS, findWorld, type WorldIds, type WorldSize } from "./world";

const MARK = "dsp-bench ";
/** Bytes a fact costs on disk with its rollup rows and indexes (measured: see docs/performance.md); for the free-space check. */
const BYTES_PER_FACT = 1_000;

export interface Marker {
  scale: number;
  strategies: number;
  days: number;
  /** The world's end: a UTC midnight; delivery covers the `days` days before it. */
  end: string;
  /** Days of delivery written (the build resumes after them). */
  builtDays: number;
  complete: boolean;
  buildSeconds: number;
  migrations: string;
  builtAt?: string;
}

export interface BenchDatabase {
  name: string;
  url: string;
  handle: DatabaseHandle;
  world: WorldIds;
  marker: Marker;
  /** What happened: "reused ...", "built ...". */
  story: string[];
}

export function urlFor(base: string, name: string): string {
  const u = new URL(base);
  u.pathname = `/${name}`;
  return u.toString();
}

/** `--db`, else DATABASE_URL's own database when named dsp_bench*, else dsp_bench_<scale>. */
export function benchDatabaseName(databaseUrl: string, scale: number, given?: string): string {
  const name = given ?? (new URL(databaseUrl).pathname.slice(1) || "");
  const chosen = given || name.startsWith("dsp_bench") ? name : `dsp_bench_${String(scale).replace(".", "_")}`;
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(chosen)) throw new Error(`bench database name "${chosen}": lowercase letters, digits and _ only`);
  return chosen;
}

async function readMarker(admin: pg.Pool, name: string): Promise<{ exists: boolean; marker: Marker | null; comment: string | null }> {
  const { rows } = await admin.query<{ comment: string | null }>(
    `SELECT shobj_description(oid, 'pg_database') AS comment FROM pg_database WHERE datname = $1`,
    [name],
  );
  if (!rows.length) return { exists: false, marker: null, comment: null };
  const comment = rows[0].comment;
  return { exists: true, comment, marker: comment?.startsWith(MARK) ? (JSON.parse(comment.slice(MARK.length)) as Marker) : null };
}

const commentSql = (name: string, m: Marker) => `COMMENT ON DATABASE "${name}" IS '${MARK}${JSON.stringify(m).replace(/'/g, "''")}';`;

function freeBytes(): number | null {
  try {
    const out = execFileSync("df", ["-B1", "--output=avail", "/var/lib/postgresql"], { encoding: "utf8" });
    return Number(out.trim().split("\n").pop());
  } catch {
    return null;
  }
}

/** Opens the bench database of `size`, building (or finishing) its world first when it does not hold it yet. */
export async function openBenchDatabase(databaseUrl: string, name: string, size: WorldSize, log: (line: string) => void): Promise<BenchDatabase> {
  const adminDb = new URL(databaseUrl).pathname.slice(1) === name ? "postgres" : new URL(databaseUrl).pathname.slice(1) || "postgres";
  const admin = new pg.Pool({ connectionString: urlFor(databaseUrl, adminDb), max: 1 });
  admin.on("error", () => {}); // an idle connection ended by the server is replaced on next use
  const url = urlFor(databaseUrl, name);
  const story: string[] = [];
  const say = (line: string) => {
    story.push(line);
    log(line);
  };
  try {
    const found = await readMarker(admin, name);
    let { exists, marker } = found;
    const { comment } = found;
    if (exists && !marker) throw new Error(`database ${name} exists and was not made by the bench (its comment is ${JSON.stringify(comment)}): choose another with --db`);
    const fits = marker && marker.scale === size.scale && marker.strategies === size.strategies && marker.days === size.days;
    const changed = exists && fits ? await changedMigration(url) : null;
    if (exists && marker && (!fits || marker.builtDays === 0 || changed)) {
      const why = changed ? `migration ${changed} was applied there in another version than the one in prisma/migrations now` : `it held scale ${marker.scale} (${marker.builtDays}/${marker.days} days)`;
      say(`database ${name}: ${why}; dropped to build scale ${size.scale} again`);
      await admin.query(`DROP DATABASE "${name}" WITH (FORCE)`);
      exists = false;
      marker = null;
    }
    if (!exists) {
      const facts = size.strategies * size.days * 24;
      const free = freeBytes();
      if (free !== null && free < facts * BYTES_PER_FACT * 1.1) {
        throw new Error(`building ${facts.toLocaleString("en-US")} facts needs about ${((facts * BYTES_PER_FACT) / 1e9).toFixed(0)} GB; ${(free / 1e9).toFixed(0)} GB free where PostgreSQL keeps its data`);
      }
      await admin.query(`CREATE DATABASE "${name}"`);
      const end = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS);
      marker = { scale: size.scale, strategies: size.strategies, days: size.days, end: end.toISOString(), builtDays: 0, complete: false, buildSeconds: 0, migrations: migrationsFingerprint() };
      await admin.query(commentSql(name, marker));
    }
    const m = marker!;
    await migrate(url, m, say);
    const handle = handleForPostgres(url, 4);
    let world: WorldIds;
    if (!m.complete) {
      world = await build(handle, name, size, m, admin, say);
    } else {
      world = await findWorld(handle.prisma);
      say(
        `database ${name}: reusing the world of scale ${m.scale} (${m.strategies.toLocaleString("en-US")} strategies x ${m.days} days of hours up to ${m.end}), ` +
          `built ${m.builtAt} in ${m.buildSeconds.toFixed(0)} s`,
      );
    }
    return { name, url, handle, world, marker: m, story };
  } finally {
    await admin.end();
  }
}

/** A migration applied to the database whose text has changed since (or is gone): what the world was built under no longer exists. */
async function changedMigration(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const files = new Map(readMigrations().map((m) => [m.name, m.checksum]));
    const { rows } = await client.query<{ name: string; checksum: string }>(
      `SELECT migration_name AS name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    );
    return rows.find((r) => files.get(r.name) !== r.checksum)?.name ?? null;
  } catch {
    return null; // not migrated yet
  } finally {
    await client.end().catch(() => {});
  }
}

/** Migrations added since the build are applied as a deployment applies them (their own backfills included). */
async function migrate(url: string, m: Marker, say: (line: string) => void) {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    const applied: string[] = [];
    await applyMigrations(poolRaw(pool), { log: (line) => applied.push(line) });
    const now = migrationsFingerprint();
    if (m.migrations !== now && m.builtDays > 0) say(`database: the world was built under migrations ${m.migrations}; now ${now}: ${applied.join("; ") || "nothing to apply"}`);
  } finally {
    await pool.end();
  }
}

async function build(handle: DatabaseHandle, name: string, size: WorldSize, m: Marker, admin: pg.Pool, say: (line: string) => void): Promise<WorldIds> {
  const end = new Date(m.end);
  const start = new Date(end.getTime() - size.days * DAY_MS);
  const t0 = performance.now();
  let world: WorldIds;
  if (m.builtDays === 0) {
    world = await buildEntities(handle.prisma, size, end);
    say(`database ${name}: entities built (${size.strategies} strategies, ${size.campaigns} campaigns, ${size.creatives} creatives) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  } else {
    world = await findWorld(handle.prisma);
    say(`database ${name}: resuming the build after day ${m.builtDays} of ${m.days}`);
  }
  const first = m.builtDays;
  const tDays = performance.now();
  let lastReport = tDays;
  await bulkDeliveryDays(handle.raw, {
    advertiserId: world.advertiserId,
    from: new Date(start.getTime() + first * DAY_MS),
    days: size.days - first,
    // Settings of the building session only (no effect on what is written).
    settings: "SET LOCAL synchronous_commit = off; SET LOCAL work_mem = '256MB'; SET LOCAL jit = off;",
    afterDay: (d) => commentSql(name, { ...m, builtDays: first + d + 1, buildSeconds: m.buildSeconds + (performance.now() - t0) / 1000 }),
    committed: (d) => {
      const now = performance.now();
      if (now - lastReport < 60_000 && first + d + 1 < size.days) return;
      const done = d + 1;
      const eta = ((now - tDays) / done) * (size.days - first - done);
      say(`database ${name}: ${first + done}/${size.days} days (${((first + done) * size.strategies * 24).toLocaleString("en-US")} facts) after ${((now - tDays) / 1000).toFixed(0)} s; about ${(eta / 1000).toFixed(0)} s to go`);
      lastReport = now;
    },
  });
  const tBoundary = performance.now();
  await buildKolkataBoundary(handle.raw);
  const tVacuum = performance.now();
  // Autovacuum would have visited these insert-only tables in production (visibility map, statistics).
  await handle.raw.exec(`VACUUM (ANALYZE)`);
  m.buildSeconds += (performance.now() - t0) / 1000;
  m.builtDays = size.days;
  m.complete = true;
  m.builtAt = new Date().toISOString();
  m.migrations = migrationsFingerprint();
  await admin.query(commentSql(name, m));
  const [{ bytes }] = await handle.raw.query<{ bytes: string }>(`SELECT pg_database_size(current_database())::text AS bytes`);
  say(
    `database ${name}: built in ${m.buildSeconds.toFixed(0)} s (delivery ${((tBoundary - tDays) / 1000).toFixed(0)} s, Asia/Kolkata running totals ${((tVacuum - tBoundary) / 1000).toFixed(0)} s, vacuum and analyze ${((performance.now() - tVacuum) / 1000).toFixed(0)} s); ` +
      `${(Number(bytes) / 1e9).toFixed(2)} GB, ${(Number(bytes) / (size.strategies * size.days * 24)).toFixed(0)} bytes a fact`,
  );
  return world;
}
