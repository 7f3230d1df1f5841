// Which database a DATABASE_URL names: a PostgreSQL server or a PGlite directory.
import path from "node:path";

export type DatabaseTarget =
  | { kind: "postgres"; url: string }
  | { kind: "pglite"; dataDir: string };

export const DEFAULT_PGLITE_DIR = "./.data/pglite";

export function resolveDatabaseTarget(url: string | undefined): DatabaseTarget {
  if (!url) return { kind: "pglite", dataDir: path.resolve(/*turbopackIgnore: true*/ DEFAULT_PGLITE_DIR) };
  if (/^postgres(ql)?:\/\//.test(url)) return { kind: "postgres", url };
  if (url.startsWith("pglite:")) {
    const dir = url.slice("pglite:".length);
    // "pglite:memory" keeps everything in memory (tests, throw-away demos).
    if (dir === "memory") return { kind: "pglite", dataDir: "memory://" };
    return { kind: "pglite", dataDir: path.resolve(/*turbopackIgnore: true*/ dir || DEFAULT_PGLITE_DIR) };
  }
  throw new Error(`DATABASE_URL: must be postgres://..., postgresql://... or pglite:<dir> (got "${url}")`);
}
