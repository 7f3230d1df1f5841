// The embedded PostgreSQL (PGlite) driver; loaded by ./connect only for a pglite: DATABASE_URL.
import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { PrismaClient } from "../generated/prisma/client";
import { pgliteRaw, type DatabaseHandle } from "./handle";
import type { DatabaseTarget } from "./url";

export async function openPglite(dataDir: string, loadDataDir?: Blob): Promise<PGlite> {
  if (dataDir !== "memory://") fs.mkdirSync(dataDir, { recursive: true });
  return PGlite.create(dataDir === "memory://" ? undefined : dataDir, loadDataDir ? { loadDataDir } : undefined);
}

export function handleForPglite(target: DatabaseTarget, client: PGlite): DatabaseHandle {
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(client) });
  return {
    target,
    prisma,
    raw: pgliteRaw(client),
    pglite: client,
    async close() {
      await prisma.$disconnect();
      await client.close();
    },
  };
}
