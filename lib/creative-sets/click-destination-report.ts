// The migration report of the rows stored before a click destination was
// required (business.md 5): every creative set and creative, of every
// licensee, that has none, for an operator (npm run report:click-destinations,
// scripts/report-click-destinations.ts). Read-only: nothing chooses a
// destination for them; the console marks the same rows ('Needs a click
// destination') and their edit asks for one before it saves.
import type { Prisma, PrismaClient } from "../generated/prisma/client";

type Db = Pick<PrismaClient, "creativeSet" | "creative">;

export type MissingClickDestinationKind = "creative set" | "creative";

export interface MissingClickDestination {
  licenseeId: number;
  licensee: string;
  advertiserId: number;
  advertiser: string;
  kind: MissingClickDestinationKind;
  id: number;
  name: string;
  /** Archived rows are listed too: they can no longer be edited, but they are still stored without one. */
  status: "active" | "inactive" | "archived";
}

const SELECT = {
  id: true,
  name: true,
  active: true,
  isArchived: true,
  licenseeId: true,
  advertiserId: true,
  licensee: { select: { name: true } },
  advertiser: { select: { name: true } },
} satisfies Prisma.CreativeSetSelect & Prisma.CreativeSelect;

/** A set and a creative read the same columns. */
type Found = Prisma.CreativeSetGetPayload<{ select: typeof SELECT }>;

const toRow = (kind: MissingClickDestinationKind) => (r: Found): MissingClickDestination => ({
  licenseeId: r.licenseeId,
  licensee: r.licensee.name,
  advertiserId: r.advertiserId,
  advertiser: r.advertiser.name,
  kind,
  id: r.id,
  name: r.name,
  status: r.isArchived ? "archived" : r.active ? "active" : "inactive",
});

/** Every creative set and creative without a click destination: by licensee, advertiser, sets before creatives, id. */
export async function missingClickDestinations(db: Db): Promise<MissingClickDestination[]> {
  const where = { clickDestinationId: null };
  const sets = await db.creativeSet.findMany({ where, select: SELECT });
  const creatives = await db.creative.findMany({ where, select: SELECT });
  const kindOrder = (kind: MissingClickDestinationKind) => (kind === "creative set" ? 0 : 1);
  return [...sets.map(toRow("creative set")), ...creatives.map(toRow("creative"))].sort(
    (a, b) => a.licenseeId - b.licenseeId || a.advertiserId - b.advertiserId || kindOrder(a.kind) - kindOrder(b.kind) || a.id - b.id,
  );
}

export const REPORT_HEADER = ["licensee", "advertiser", "kind", "id", "name", "status"] as const;

/** A cell of the tab-separated report: tabs and line breaks in a name would break its row. */
const cell = (value: string | number) => String(value).replace(/[\t\r\n]+/g, " ");

/** The report as tab-separated lines (a header, then one row each; ids beside the licensee's and advertiser's names). */
export function reportLines(rows: MissingClickDestination[]): string[] {
  return [
    REPORT_HEADER.join("\t"),
    ...rows.map((r) => [`${r.licensee} (#${r.licenseeId})`, `${r.advertiser} (#${r.advertiserId})`, r.kind, r.id, r.name, r.status].map(cell).join("\t")),
  ];
}

/** The closing line: how many of each kind, or that there are none. */
export function reportSummary(rows: MissingClickDestination[]): string {
  const sets = rows.filter((r) => r.kind === "creative set").length;
  const creatives = rows.length - sets;
  if (rows.length === 0) return "Every creative set and creative has a click destination.";
  return `${sets} creative set(s) and ${creatives} creative(s) without a click destination: edit each (but archived ones) in the console to choose one.`;
}
