// Daily (lib/job-runner/definitions.ts): keeps every audience's users current, each
// audience under its own licensee. Active rule-based (MMP postback / rule)
// audiences have their rules evaluated again over the stored events, so users
// who newly match join and those who still match are renewed; then every
// audience with members is recounted, so totalUU drops as memberships expire
// and dailyUU moves to the new yesterday even when no job added anyone. The
// list of audiences spans licensees: the system client.
import "server-only";
import { db } from "../../db";
import { systemTenantDb } from "../../data/tenant-db";
import { log } from "../../log";
import { refreshAudienceUserCounts } from "./counts";
import { evaluateAudienceRules } from "./rules";

export async function refreshAllAudienceUserCounts(now: Date = new Date()): Promise<{ refreshed: number; evaluated: number }> {
  const audiences = await db.audience.findMany({
    where: {
      isArchived: false,
      OR: [{ members: { some: {} } }, { totalUU: { gt: 0 } }, { kind: "MMP_RULE", active: true, source: { in: ["WEBSITE", "MOBILE"] }, rules: { some: { status: true } } }],
    },
    select: { id: true, licenseeId: true, kind: true, active: true, source: true, _count: { select: { rules: { where: { status: true } } } } },
    orderBy: { id: "asc" },
  });
  let evaluated = 0;
  for (const a of audiences) {
    const byRules = a.kind === "MMP_RULE" && a.active && (a.source === "WEBSITE" || a.source === "MOBILE") && a._count.rules > 0;
    await systemTenantDb(a.licenseeId).$transaction(
      async (tx) => {
        if (byRules) await evaluateAudienceRules(tx, a.id, now);
        else await refreshAudienceUserCounts(tx, a.id, now);
      },
      { timeout: 60_000 },
    );
    if (byRules) evaluated++;
  }
  log.info("audiences: user counts refreshed", { audiences: audiences.length, evaluated });
  return { refreshed: audiences.length, evaluated };
}
