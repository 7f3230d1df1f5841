// npm run report:click-destinations — lists every creative set and creative,
// of every licensee, stored without a click destination (rows saved before
// business.md 5's rule was enforced): licensee, advertiser, kind, id, name and
// status, tab-separated on stdout, and a count on stderr. Read-only: it
// changes nothing (lib/creative-sets/click-destination-report.ts); the console
// marks the same rows and asks for a destination when each is edited.
//
// Runs against DATABASE_URL; with PGlite, stop the server first (PGlite
// allows one process per directory).
import "./dotenv.mjs"; // first: .env is loaded before any module reads the environment
import { openDatabase } from "../lib/db/connect";
import { resolveDatabaseTarget } from "../lib/db/url";
import { missingClickDestinations, reportLines, reportSummary } from "../lib/creative-sets/click-destination-report";

async function main() {
  const handle = await openDatabase(resolveDatabaseTarget(process.env.DATABASE_URL));
  try {
    const rows = await missingClickDestinations(handle.prisma);
    for (const line of reportLines(rows)) console.log(line);
    console.error(reportSummary(rows));
  } finally {
    await handle.close();
  }
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
