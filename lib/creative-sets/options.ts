// What the creative set form offers once an advertiser is chosen: its click
// destinations (business.md 8: 'No Click Destinations for the selected
// Advertiser' when there are none) and the sizes its creatives have, beside
// the common IAB sizes; and the Timezone dictionary with each zone's IANA
// name, so start and end are typed on the scheduled timezone's wall clock.
import "server-only";
import type { SessionContext } from "../auth/context";
import { orNotFound } from "../data/gate";
import { referenceDb, tenantDb } from "../data/tenant-db";
import { COMMON_SIZES, sortSizes } from "./rules";

export interface ClickDestinationOption {
  id: number;
  name: string;
  active: boolean;
}

export interface AdvertiserSetOptions {
  clickDestinations: ClickDestinationOption[];
  /** The common sizes and every size of the advertiser's creatives, sorted. */
  sizes: string[];
}

/** The advertiser's click destinations and sizes; another licensee's advertiser is "not found". */
export async function advertiserSetOptions(ctx: SessionContext, advertiserId: number): Promise<AdvertiserSetOptions> {
  const db = tenantDb(ctx);
  orNotFound(await db.advertiser.findUnique({ where: { id: advertiserId }, select: { id: true } }), "Advertiser");
  const [destinations, creatives] = await Promise.all([
    db.clickDestination.findMany({ where: { advertiserId, isArchived: false }, select: { id: true, name: true, active: true }, orderBy: [{ name: "asc" }, { id: "asc" }] }),
    db.creative.findMany({ where: { advertiserId, isArchived: false }, select: { width: true, height: true }, distinct: ["width", "height"] }),
  ]);
  const own = creatives.filter((c) => c.width > 0 && c.height > 0).map((c) => `${c.width}x${c.height}`);
  return { clickDestinations: destinations, sizes: sortSizes([...COMMON_SIZES, ...own]) };
}

export interface TimezoneChoice {
  id: number;
  name: string;
  iana: string;
}

/** The Timezone dictionary, in its own order. */
export async function timezoneChoices(): Promise<TimezoneChoice[]> {
  const rows = await referenceDb().timezone.findMany({ orderBy: { id: "asc" }, select: { id: true, name: true, ianaName: true } });
  return rows.map((r) => ({ id: r.id, name: r.name, iana: r.ianaName }));
}
