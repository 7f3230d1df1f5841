// Links a single sign-on identity to a console user: the administrator rule
// of lib/auth/sso/linking.ts (no account is ever linked by e-mail).
//
//   npx tsx scripts/link-sso.ts --email rw@acme.test --provider OKTA --issuer https://acme.okta.com --subject 00u1abcd
//   npx tsx scripts/link-sso.ts --email rw@default.test --provider GOOGLE --subject 1098...   (issuer defaults to Google's)
//   npx tsx scripts/link-sso.ts --email rw@acme.test --provider OKTA --issuer ... --subject ... --unlink
//   npx tsx scripts/link-sso.ts --email rw@acme.test --list
//
// --subject is the provider's `sub` claim for the person (Okta: the user id
// such as 00u...; Google: the numeric account id), not the e-mail. The user
// still needs a membership in the licensee whose sub-domain the sign-in uses.
// Runs against DATABASE_URL; with PGlite, stop the server first (PGlite
// allows one process per directory).
import "./dotenv.mjs"; // first: .env is loaded before any module reads the environment
import { parseArgs } from "node:util";
import { openDatabase } from "../lib/db/connect";
import { resolveDatabaseTarget } from "../lib/db/url";
import { LinkError, linkSsoIdentity, listSsoIdentities, parseProvider, unlinkSsoIdentity } from "../lib/auth/sso/link";

const USAGE =
  "usage: tsx scripts/link-sso.ts --email <e-mail> --provider GOOGLE|OKTA [--issuer <url>] --subject <sub> [--unlink]\n" +
  "       tsx scripts/link-sso.ts --email <e-mail> --list";

async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: "string" },
      provider: { type: "string" },
      issuer: { type: "string" },
      subject: { type: "string" },
      unlink: { type: "boolean", default: false },
      list: { type: "boolean", default: false },
    },
    strict: true,
  });
  if (!values.email) throw new LinkError("--email is required");

  const handle = await openDatabase(resolveDatabaseTarget(process.env.DATABASE_URL));
  try {
    if (values.list) {
      console.log(JSON.stringify(await listSsoIdentities(handle.prisma, values.email), null, 2));
      return;
    }
    const req = {
      email: values.email,
      provider: parseProvider(values.provider),
      issuer: values.issuer ?? "",
      subject: values.subject ?? "",
    };
    if (values.unlink) {
      const removed = await unlinkSsoIdentity(handle.prisma, req);
      console.log(JSON.stringify({ unlinked: removed, email: req.email }));
    } else {
      const result = await linkSsoIdentity(handle.prisma, req);
      console.log(JSON.stringify({ linked: true, alreadyLinked: !result.created, email: req.email, userId: result.userId }));
    }
  } finally {
    await handle.close();
  }
}

main().catch((e) => {
  console.error(e instanceof LinkError || (e as { code?: string }).code?.startsWith("ERR_PARSE_ARGS") ? `${(e as Error).message}\n${USAGE}` : e);
  process.exit(1);
});
