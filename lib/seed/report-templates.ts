// The demo's report template: Default Media's weekly campaign
// performance, e-mailed as XLSX every Monday at 09:00 UTC, so Report
// Templates and Scheduling has something to show on a fresh start.
import type { Tx } from "../db";
import { nextSlotAfter } from "../report-templates/slots";

const SCHEDULE = { frequency: "WEEKLY" as const, timeOfDay: "09:00", dayOfWeek: 1, dayOfMonth: null };

export async function seedReportTemplates(tx: Tx, licenseeId: number, userId: number, now: Date): Promise<void> {
  await tx.reportTemplate.create({
    data: {
      licenseeId,
      createdById: userId,
      name: "Weekly campaign performance",
      description: "Impressions, clicks, spend and installs per campaign and day, every Monday.",
      reportType: "advanced",
      // A 7-day span: each run reports the seven days before it.
      definition: { dimensions: ["campaign", "date"], metrics: ["impressions", "clicks", "ctr", "revenue", "installs"], filters: [], from: "2026-01-01", to: "2026-01-07", timezoneId: 805, compare: false, page: 1, pageSize: 25 },
      timezone: "UTC",
      ...SCHEDULE,
      recipients: ["reports@default.test"],
      fileFormat: "XLSX",
      nextRunAt: nextSlotAfter(SCHEDULE, "UTC", now),
    },
  });
}
