// The permission registry's entries of report templates
// (lib/report-templates/actions.ts), spread into PERMISSION_REGISTRY. The
// templates they name are found or made for licensee A's read-write user
// while the arguments are built, before the matrix takes its row counts.
import { db } from "@/lib/db";
import type { MatrixFixture } from "./permission-fixture";
import type { RegistryEntry } from "./permission-types";

const DEFINITION = { dimensions: ["campaign"], metrics: ["impressions"], from: "2026-11-01", to: "2026-11-07", timezoneId: 805 };
const SCHEDULE = { frequency: "DAILY", timeOfDay: "09:00", recipients: "ops@example.com", fileFormat: "CSV" };

/** A scheduled template of licensee A (`name`) and its current version. */
async function templateOf(fx: MatrixFixture, name: string): Promise<{ id: number; version: number }> {
  const found = await db.reportTemplate.findFirst({ where: { licenseeId: fx.a.licenseeId, name, isArchived: false }, select: { id: true, version: true } });
  if (found) return found;
  return db.reportTemplate.create({
    data: {
      licenseeId: fx.a.licenseeId, createdById: fx.a.users.RW.id, name, reportType: "advanced", definition: DEFINITION,
      frequency: "DAILY", timeOfDay: "09:00", timezone: "UTC", recipients: ["ops@example.com"], nextRunAt: new Date(Date.UTC(2030, 0, 1, 9)),
    },
    select: { id: true, version: true },
  });
}

export const REPORT_TEMPLATE_ENTRIES: Record<string, RegistryEntry> = {
  "lib/report-templates/actions.ts#createReportTemplateAction": {
    access: "write",
    // Names no record of licensee A: B's call would save a template of B's own.
    otherLicensee: "own-account",
    args: () => [{ name: "Matrix template", reportType: "advanced", definition: DEFINITION, schedule: SCHEDULE }],
  },
  "lib/report-templates/actions.ts#updateReportTemplateAction": {
    access: "write",
    args: async (fx) => {
      const t = await templateOf(fx, "Matrix template to edit");
      return [{ id: t.id, version: t.version, name: "Matrix template edited", schedule: SCHEDULE }];
    },
  },
  "lib/report-templates/actions.ts#pauseReportTemplateAction": {
    access: "write",
    args: async (fx) => {
      const t = await templateOf(fx, "Matrix template to pause");
      return [{ id: t.id, version: t.version, paused: true }];
    },
  },
  "lib/report-templates/actions.ts#deleteReportTemplateAction": {
    access: "write",
    args: async (fx) => {
      const t = await templateOf(fx, "Matrix template to delete");
      return [{ id: t.id, version: t.version }];
    },
  },
  "lib/report-templates/actions.ts#runReportTemplateNowAction": {
    access: "write",
    args: async (fx) => [{ id: (await templateOf(fx, "Matrix template to run")).id }],
  },
};
