// Sets the domains whose addresses may receive a licensee's scheduled reports
// besides its own users (Licensee.reportRecipientDomains; empty by default).
// An operator's setting: the console offers no way to change it.
//
//   npx tsx scripts/report-domains.ts --licensee acme --report-domains acme.example,partner.example
//   npx tsx scripts/report-domains.ts --licensee acme --report-domains ""     (none: its users only)
//   npx tsx scripts/report-domains.ts --licensee acme                         (shows the current list)
//
// --licensee is the licensee's sub-domain. Domains match exactly (no
// sub-domains), case-insensitively. Templates already saved keep their
// recipients: each run checks them again and skips those no longer allowed.
// Runs against DATABASE_URL; with PGlite, stop the server first (PGlite
// allows one process per directory).
import "./dotenv.mjs"; // first: .env is loaded before any module reads the environment
import { parseArgs } from "node:util";
import { openDatabase } from "../lib/db/connect";
import { resolveDatabaseTarget } from "../lib/db/url";
import { getRecipientDomains, RecipientDomainsError, setRecipientDomains } from "../lib/report-templates/recipient-domains";

const USAGE = "usage: tsx scripts/report-domains.ts --licensee <sub-domain> [--report-domains a.example,b.example]";

async function main() {
  const { values } = parseArgs({
    options: { licensee: { type: "string" }, "report-domains": { type: "string" } },
    strict: true,
  });
  if (!values.licensee) throw new RecipientDomainsError("--licensee is required");
  const handle = await openDatabase(resolveDatabaseTarget(process.env.DATABASE_URL));
  try {
    const domains = values["report-domains"];
    const result = domains === undefined ? await getRecipientDomains(handle.prisma, values.licensee) : await setRecipientDomains(handle.prisma, values.licensee, domains);
    console.log(JSON.stringify(result));
  } finally {
    await handle.close();
  }
}

main().catch((e) => {
  console.error(e instanceof RecipientDomainsError || (e as { code?: string }).code?.startsWith("ERR_PARSE_ARGS") ? `${(e as Error).message}\n${USAGE}` : e);
  process.exit(1);
});
