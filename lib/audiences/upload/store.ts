// Stores the keys of a CRM file as members of its audience (origin CRM for an
// upload, REMOTE for a remote schedule's sync), refreshes the audience's unique
// users and writes the activity row, in one transaction: the members, the
// counts and the row commit together. Keys only: a raw identifier never
// reaches this module (identifiers.ts hashed it).
import "server-only";
import type { TenantTx } from "../../data/tenant-db";
import type { Audience } from "../../generated/prisma/client";
import { refreshAudienceUserCounts, upsertMembers, type MemberOrigin } from "../members/counts";
import { audienceEntry } from "../mutations";
import { summaryText, type CrmFileSummary } from "./identifiers";

/** A file of a million keys is written in chunks inside one transaction: give it time. */
export const MEMBER_TRANSACTION = { maxWait: 10_000, timeout: 300_000 };

export interface StoredFile {
  summary: CrmFileSummary;
  totalUU: number;
  dailyUU: number;
}

/** The activity row's one field: what the file brought (its name and the counts, never an identifier). */
export function fileActivity(audience: Pick<Audience, "id" | "name" | "advertiserId" | "source">, origin: "CRM" | "REMOTE", fileName: string, summary: CrmFileSummary) {
  const what = origin === "CRM" ? "CRM file uploaded" : "Remote file synced";
  return {
    action: "UPDATE" as const,
    ...audienceEntry(audience),
    message: `${what}: ${summaryText(summary)}`,
    changes: [{ fieldName: origin === "CRM" ? "crmUpload" : "remoteSync", oldValue: null, newValue: `${fileName}: ${summaryText(summary)}` }],
  };
}

/** Adds or renews the members and recounts the audience; the caller writes the activity row in the same transaction. */
export async function storeFileKeys(
  tx: TenantTx,
  audienceId: number,
  origin: Extract<MemberOrigin, "CRM" | "REMOTE">,
  keys: Iterable<string>,
  summary: CrmFileSummary,
  now: Date,
): Promise<StoredFile> {
  await upsertMembers(tx, audienceId, origin, Array.from(keys, (userKey) => ({ userKey, lastSeenAt: now })), now);
  const counts = await refreshAudienceUserCounts(tx, audienceId, now);
  return { summary, totalUU: counts.totalUU, dailyUU: counts.dailyUU };
}
