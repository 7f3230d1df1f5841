// The permission registry's entries of report templates
// (lib/report-templates/actions.ts) and their REST routes (POST
// /api/v1/report-templates/{id}/pause, /resume, /run), spread into
// PERMISSION_REGISTRY. The templates they name are found or made for
// licensee A's read-write user while the arguments are built, before the
// matrix takes its row counts.
import { db } from "@/lib/db";
import type { MatrixFixture } from "./permission-fixture";
import { json, type RegistryEntry } from "./permission-types";

const DEFINITION = { dimensions: ["campaign"], metrics: ["impressions"], from: "2026-11-01", to: "2026-11-07", timezoneId: 805 };
/** A schedule mailed to licensee A's read-write user (recipients must be users of the licensee or at an allowed domain). */
const scheduleFor = (fx: MatrixFixture) => ({ frequency: "DAILY", timeOfDay: "09:00", recipients: fx.a.users.RW.email, fileFormat: "CSV" });

/** A scheduled template of licensee A (`name`; paused when asked) and its current version. */
async function templateOf(fx: MatrixFixture, name: string, paused = false): Promise<{ id: number; version: number }> {
  const found = await db.reportTemplate.findFirst({ where: { licenseeId: fx.a.licenseeId, name, isArchived: false }, select: { id: true, version: true } });
  if (found) return found;
  return db.reportTemplate.create({
    data: {
      licenseeId: fx.a.licenseeId, createdById: fx.a.users.RW.id, name, reportType: "advanced", definition: DEFINITION,
      frequency: "DAILY", timeOfDay: "09:00", timezone: "UTC", recipients: [fx.a.users.RW.email], paused, nextRunAt: paused ? null : new Date(Date.UTC(2030, 0, 1, 9)),
    },
    select: { id: true, version: true },
  });
}

/** A POST to the REST route `verb` of a template of licensee A, with its version when the route takes one. */
async function templateRoute(fx: MatrixFixture, verb: "pause" | "resume" | "run", name: string, paused = false) {
  const t = await templateOf(fx, name, paused);
  return { method: "POST", path: `/api/v1/report-templates/${t.id}/${verb}`, params: { id: String(t.id) }, ...(verb === "run" ? {} : json({ version: t.version })) };
}

export const REPORT_TEMPLATE_ENTRIES: Record<string, RegistryEntry> = {
  "lib/report-templates/actions.ts#createReportTemplateAction": {
    access: "write",
    // Names no record of licensee A: B's call would save a template of B's own.
    otherLicensee: "own-account",
    args: (fx) => [{ name: "Matrix template", reportType: "advanced", definition: DEFINITION, schedule: scheduleFor(fx) }],
  },
  "lib/report-templates/actions.ts#updateReportTemplateAction": {
    access: "write",
    args: async (fx) => {
      const t = await templateOf(fx, "Matrix template to edit");
      return [{ id: t.id, version: t.version, name: "Matrix template edited", schedule: scheduleFor(fx) }];
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
  "POST /api/v1/report-templates/{id}/pause": { access: "write", request: (fx) => templateRoute(fx, "pause", "Matrix template paused by the API") },
  "POST /api/v1/report-templates/{id}/resume": { access: "write", request: (fx) => templateRoute(fx, "resume", "Matrix template resumed by the API", true) },
  "POST /api/v1/report-templates/{id}/run": { access: "write", request: (fx) => templateRoute(fx, "run", "Matrix template run by the API") },
};
