// Read replicas (DATABASE_REPLICA_URLS): PostgreSQL hot standbys fed by
// streaming replication, each with a managed pool of its own (same sizes and
// timeouts as the primary's shared pool). Which work reads from them is
// decided elsewhere (lib/data/read-replica.ts); this module only answers
// "which replica, if any, may serve a read that must see WAL position X".
//
// A replica serves only while it is reachable, really a standby
// (pg_is_in_recovery()), has replayed the position the reader needs
// (read-your-writes) and lags the primary by less than the maximum. Lag is
// bounded two ways, the smaller bound applying: by the primary's own
// positions, sampled here about once a second while reads come (a replica
// lags at most `now - t` once it has replayed what the primary had written at
// time t: right for an idle primary, whose replica replays no new commits),
// and by the age of the last transaction it replayed (right for a busy
// primary, which is always a little ahead of the newest sample). A standby
// whose WAL receiver broke passes neither for long.
// Anything doubtful sends the read to the primary; a replica is never a
// reason for an error.
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "../generated/prisma/client";
import { log } from "../log";
import { withTimeout } from "../timeout";
import { detached } from "../connections/work";
import type { DatabaseSettings } from "../connections/settings";
import { poolRaw, type RawSql, type Replica, type ReplicaSet, type WalPosition } from "./handle";

export type { Replica, ReplicaSet, WalPosition };
import { managedPool } from "./managed-pool";

export function walPositionValue(position: WalPosition): bigint | null {
  const m = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(position.trim());
  return m ? (BigInt(`0x${m[1]}`) << 32n) | BigInt(`0x${m[2]}`) : null;
}

/** The later of two positions (an unreadable one counts as absent). */
export function laterPosition(a: WalPosition | null | undefined, b: WalPosition | null | undefined): WalPosition | null {
  const va = a ? walPositionValue(a) : null;
  const vb = b ? walPositionValue(b) : null;
  if (va === null) return vb === null ? null : b!;
  return vb === null || va >= vb ? a! : b!;
}

/** Samples of the primary's position and replica probes are reused this long. */
const PROBE_INTERVAL_MS = 1_000;
/** A probe slower than this counts as a failure. */
const PROBE_TIMEOUT_MS = 1_000;
/** A replica whose probe failed is left alone this long (no probe, no reads). */
const DOWN_MS = 5_000;

interface ReplicaState {
  replica: Replica;
  pool: { end(): Promise<void> };
  replay: bigint | null;
  /** Age of the last replayed commit at the probe (ms; null: none replayed since start). */
  replayedCommitAgeMs: number | null;
  probedAt: number;
  downUntil: number;
  probing?: Promise<void>;
}

export interface ReplicaSetOptions {
  urls: readonly string[];
  settings: DatabaseSettings;
  /** The primary's raw SQL (its shared pool). */
  primary: RawSql;
  now?: () => number;
}

export function openReplicaSet(o: ReplicaSetOptions): ReplicaSet {
  const now = o.now ?? Date.now;
  const maxLagMs = o.settings.replicaMaxLagMs;
  const states: ReplicaState[] = o.urls.map((url) => {
    const pool = managedPool({ url, settings: o.settings, base: "pages", max: o.settings.poolSize, applicationName: "dsp-console-replica" });
    pool.on("error", (err) => log.warn("database: idle replica connection lost", { err }));
    const replica = { name: nameOf(url), prisma: new PrismaClient({ adapter: new PrismaPg(pool) }), raw: poolRaw(pool) };
    return { replica, pool, replay: null, replayedCommitAgeMs: null, probedAt: 0, downUntil: 0 };
  });
  // The primary's positions, oldest first, kept for one maximum lag.
  const samples: Array<{ at: number; position: bigint }> = [];
  let sampling: Promise<void> | undefined;
  let turn = 0;

  async function primaryPosition(): Promise<WalPosition> {
    const [row] = await o.primary.query<{ position: string }>("SELECT pg_current_wal_lsn()::text AS position");
    return row.position;
  }

  function sample(): Promise<void> {
    sampling ??= detached(async () => {
      const position = walPositionValue(await primaryPosition());
      if (position === null) return;
      const at = now();
      samples.push({ at, position });
      while (samples.length > 1 && samples[0].at < at - maxLagMs) samples.shift();
    }).finally(() => (sampling = undefined));
    return sampling;
  }

  /** How far behind the primary a replica is, at most (Infinity: unknown). */
  function lagOf(state: ReplicaState & { replay: bigint }): number {
    const byCommit = state.replayedCommitAgeMs === null ? Infinity : state.replayedCommitAgeMs + (now() - state.probedAt);
    for (let i = samples.length - 1; i >= 0; i--) if (samples[i].position <= state.replay) return Math.min(byCommit, now() - samples[i].at);
    return byCommit;
  }

  function probe(state: ReplicaState): Promise<void> {
    state.probing ??= detached(async () => {
      try {
        const answer = await withTimeout(
          state.replica.raw.query<{ standby: boolean; replay: string | null; commitAgeMs: number | null }>(
            `SELECT pg_is_in_recovery() AS standby, pg_last_wal_replay_lsn()::text AS replay,
                    (EXTRACT(EPOCH FROM now() - pg_last_xact_replay_timestamp()) * 1000)::float8 AS "commitAgeMs"`,
          ),
          PROBE_TIMEOUT_MS,
        );
        if (answer === "timeout") throw new Error(`no answer within ${PROBE_TIMEOUT_MS} ms`);
        const [row] = answer;
        // A promoted or mistaken "replica" is not read from: it may have diverged from the primary.
        state.replay = row.standby && row.replay ? walPositionValue(row.replay) : null;
        state.replayedCommitAgeMs = row.commitAgeMs === null ? null : Math.max(0, row.commitAgeMs);
        if (!row.standby) log.warn("database: a replica is not in recovery; reads go to the primary", { replica: state.replica.name });
      } catch (err) {
        state.replay = null;
        state.downUntil = now() + DOWN_MS;
        log.warn("database: replica unreachable; reads go to the primary", { replica: state.replica.name, err });
      }
      state.probedAt = now();
    }).finally(() => (state.probing = undefined));
    return state.probing;
  }

  async function pick(readAfter: WalPosition | null): Promise<Replica | null> {
    const needed = readAfter ? walPositionValue(readAfter) : null;
    try {
      if (samples.length === 0 || now() - samples[samples.length - 1].at >= PROBE_INTERVAL_MS) await sample();
    } catch {
      return null; // the primary cannot say where it is: nothing to compare a replica with
    }
    const start = turn++ % Math.max(1, states.length);
    for (let i = 0; i < states.length; i++) {
      const state = states[(start + i) % states.length];
      if (state.downUntil > now()) continue;
      const stale = now() - state.probedAt >= PROBE_INTERVAL_MS;
      // Behind what this reader must see: it may have caught up since the last probe (a probe costs well under a millisecond).
      const behind = needed !== null && (state.replay === null || state.replay < needed);
      if (stale || behind) await probe(state);
      if (state.replay === null || (needed !== null && state.replay < needed)) continue;
      if (lagOf(state as ReplicaState & { replay: bigint }) <= maxLagMs) return state.replica;
    }
    return null;
  }

  return {
    pick,
    primaryPosition,
    async close() {
      for (const s of states) await s.replica.prisma.$disconnect();
      for (const s of states) await s.pool.end();
    },
  };
}

function nameOf(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || 5432}${u.pathname}`;
  } catch {
    return "replica";
  }
}
