// The operator's side of who may receive a licensee's scheduled reports
// (scripts/report-domains.ts): reads and replaces Licensee.reportRecipientDomains,
// found by the licensee's sub-domain. Not reachable from the console: a
// licensee's own users must not widen where its data may be mailed.
import type { PrismaClient } from "../generated/prisma/client";
import { parseDomainList } from "./recipients";

type Db = Pick<PrismaClient, "theme" | "licensee">;

export class RecipientDomainsError extends Error {}

export interface LicenseeDomains {
  licensee: string;
  subDomain: string;
  reportRecipientDomains: string[];
}

async function licenseeOf(db: Db, subDomain: string) {
  const theme = await db.theme.findUnique({ where: { subDomain: subDomain.trim().toLowerCase() }, select: { licenseeId: true, subDomain: true } });
  if (!theme) throw new RecipientDomainsError(`no licensee with sub-domain ${subDomain}`);
  return theme;
}

export async function getRecipientDomains(db: Db, subDomain: string): Promise<LicenseeDomains> {
  const theme = await licenseeOf(db, subDomain);
  const row = await db.licensee.findUniqueOrThrow({ where: { id: theme.licenseeId }, select: { name: true, reportRecipientDomains: true } });
  return { licensee: row.name, subDomain: theme.subDomain, reportRecipientDomains: row.reportRecipientDomains };
}

/** Replaces the list with `text` ("a.example,b.example"; "" for none: the licensee's users only). */
export async function setRecipientDomains(db: Db, subDomain: string, text: string): Promise<LicenseeDomains> {
  const parsed = parseDomainList(text);
  if (!parsed.ok) throw new RecipientDomainsError(parsed.error);
  const theme = await licenseeOf(db, subDomain);
  // A version bump, like every change of the row, so a concurrent versioned write of the licensee notices.
  const row = await db.licensee.update({
    where: { id: theme.licenseeId },
    data: { reportRecipientDomains: parsed.domains, version: { increment: 1 } },
    select: { name: true, reportRecipientDomains: true },
  });
  return { licensee: row.name, subDomain: theme.subDomain, reportRecipientDomains: row.reportRecipientDomains };
}
