// Prisma CLI configuration. Only `prisma generate` and `prisma migrate diff`
// (to author migrations) use the CLI; migrations are applied by our own
// migrator (lib/db/migrate.ts), which avoids the WASM engine's defects listed in
// ../shared/stack-facts.md (hanging timers, shadow databases, oid 19/18 types).
import path from "node:path";
import { defineConfig } from "prisma/config";

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  // A folder: one .prisma file per area (accounts, advertisers, campaigns, ...).
  schema: path.join("prisma", "schema"),
  migrations: { path: path.join("prisma", "migrations") },
  async adapter() {
    // An in-memory PGlite: enough for the CLI's diffing, touches no data.
    const { PGlite } = await import("@electric-sql/pglite");
    const { PrismaPGlite } = await import("pglite-prisma-adapter");
    return new PrismaPGlite(new PGlite());
  },
});
