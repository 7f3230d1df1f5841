// The scripts that run under plain Node (tsx, and the image's bundled start-up
// step) must not reach a server-only module: `import "server-only"` throws
// outside Next's server bundles, so `npm run db:seed` or the container's
// start would fail. lib/db (the application's client) is server-only; the
// scripts open their own connection with lib/db/connect.ts. Bundled here as
// esbuild bundles the start-up step (package.json build:prepare), and every
// module the bundle takes in is checked.
import path from "node:path";
import { build } from "esbuild";

const ROOT = path.resolve(__dirname, "../..");
const ENTRIES = ["prisma/seed.ts", "scripts/migrate.ts", "scripts/db-reset.ts", "scripts/link-sso.ts", "scripts/prepare.ts"];

async function modulesOf(entry: string): Promise<string[]> {
  const result = await build({
    entryPoints: [path.join(ROOT, entry)],
    absWorkingDir: ROOT,
    bundle: true,
    platform: "node",
    target: "node20",
    write: false,
    metafile: true,
    logLevel: "silent",
    external: ["@electric-sql/pglite", "pg", "@prisma/client"],
  });
  return Object.keys(result.metafile.inputs);
}

test.each(ENTRIES)("%s takes in no server-only module", async (entry) => {
  const modules = await modulesOf(entry);
  expect(modules.length).toBeGreaterThan(10); // the bundle really followed the imports
  expect(modules.filter((m) => /node_modules\/server-only\/|^lib\/db\/index\.ts$|^lib\/data\/tenant-db\.ts$/.test(m))).toEqual([]);
});

test("the check sees a server-only module when one is imported", async () => {
  // The same bundling of a module that does reach lib/db: the check above is not blind.
  expect(await modulesOf("lib/data/tenant-db.ts")).toEqual(expect.arrayContaining(["lib/db/index.ts", expect.stringMatching(/node_modules\/server-only\//)]));
});
