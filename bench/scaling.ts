// What one container, two containers, a read replica and PgBouncer hold: the
// REST read of the load figures (50 connections for 30 s with the API key),
// served by each deployment shape in turn, with the most PostgreSQL sessions
// seen on the bench database of each server during the load (sampled every
// 250 ms). Shapes needing what the machine may not run are measured only
// when named: BENCH_REPLICA_URL (a hot standby of the bench database's
// cluster, e.g. postgres://postgres@127.0.0.1:5433/) and BENCH_PGBOUNCER_URL
// (PgBouncer in transaction mode in front of the primary, e.g.
// postgres://postgres@127.0.0.1:6432/); the database name is the bench's.
import pg from "pg";
import type { Results } from "./figures";
import { loadFigure } from "./load";
import { startServer, stop, type Server } from "./server";

export interface ScalingInput {
  distDir: string;
  secrets: Record<string, string>;
  /** The bench database on the primary. */
  databaseUrl: string;
  apiKey: string;
  results: Results;
  log: (line: string) => void;
}

/** `url` with the host, port and credentials of `server` (its database kept). */
export function onServer(url: string, server: string): string {
  const target = new URL(url);
  const other = new URL(server);
  target.host = other.host;
  target.username = other.username;
  target.password = other.password;
  return target.toString();
}

/** The most sessions of the database of `url` seen while `work` runs. */
async function peakSessions<T>(urls: string[], work: () => Promise<T>): Promise<{ value: T; peaks: number[] }> {
  const clients = await Promise.all(
    urls.map(async (url) => {
      const client = new pg.Client({ connectionString: url, application_name: "bench-session-count" });
      await client.connect();
      return client;
    }),
  );
  const peaks = urls.map(() => 0);
  let sampling = true;
  const sample = async () => {
    while (sampling) {
      await Promise.all(
        clients.map(async (client, i) => {
          const { rows } = await client.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend' AND application_name <> 'bench-session-count'`,
          );
          peaks[i] = Math.max(peaks[i], rows[0].n);
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };
  const sampler = sample();
  try {
    return { value: await work(), peaks };
  } finally {
    sampling = false;
    await sampler;
    await Promise.all(clients.map((c) => c.end()));
  }
}

interface Shape {
  name: string;
  /** Each server's extra environment. */
  servers: Record<string, string>[];
  /** Where sessions are counted: [label, URL]. */
  counted: [string, string][];
}

function shapes(input: ScalingInput): Shape[] {
  const primary: [string, string] = ["primary", input.databaseUrl];
  const list: Shape[] = [
    { name: "one container", servers: [{}], counted: [primary] },
    { name: "two containers", servers: [{}, { JOBS_ENABLED: "false" }], counted: [primary] },
  ];
  const replica = process.env.BENCH_REPLICA_URL;
  if (replica) {
    const replicaDb = onServer(input.databaseUrl, replica);
    list.push({ name: "one container, reads on a replica", servers: [{ DATABASE_REPLICA_URLS: replicaDb }], counted: [primary, ["replica", replicaDb]] });
  }
  const bouncer = process.env.BENCH_PGBOUNCER_URL;
  if (bouncer) {
    // Migrations and jobs go to the server itself (they need a session).
    const pooledEnv = { DATABASE_URL: onServer(input.databaseUrl, bouncer), DATABASE_PGBOUNCER: "true", DATABASE_DIRECT_URL: input.databaseUrl };
    list.push({
      name: "two containers through PgBouncer",
      servers: [pooledEnv, { ...pooledEnv, JOBS_ENABLED: "false" }],
      counted: [primary],
    });
  }
  return list;
}

export async function measureScaling(input: ScalingInput): Promise<void> {
  for (const shape of shapes(input)) {
    const servers: Server[] = [];
    try {
      for (const env of shape.servers) {
        const { DATABASE_URL, ...rest } = env;
        servers.push(await startServer({ distDir: input.distDir, databaseUrl: DATABASE_URL ?? input.databaseUrl, pageCache: true, secrets: input.secrets, env: rest }));
      }
      const urls = servers.map((s) => `${s.base}/api/v1/strategies?size=20`);
      const { value: figure, peaks } = await peakSessions(
        shape.counted.map(([, url]) => url),
        () => loadFigure(`REST GET /api/v1/strategies?size=20, ${shape.name}`, urls, { authorization: `Bearer ${input.apiKey}` }),
      );
      const sessions = shape.counted.map(([label], i) => `${label} ${peaks[i]}`).join(", ");
      input.results.add({ ...figure, note: `${figure.note}; most PostgreSQL sessions: ${sessions}` });
    } catch (err) {
      input.log(`scaling: ${shape.name} not measured: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      for (const server of servers) await stop(server.proc);
    }
  }
}
