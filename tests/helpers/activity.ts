// The activity log as mutation tests read it back.
import { db } from "@/lib/db";

type LoggedField = { fieldName: string; oldValue: string | null; newValue: string | null };

/** Every activity row in order, each with its fields by name. */
export const activityRows = () => db.activityLog.findMany({ orderBy: { id: "asc" }, include: { fields: { orderBy: { fieldName: "asc" } } } });

/** A row's fields as { name: [old, new] }. */
export const fieldsOf = (log: { fields: LoggedField[] }) => Object.fromEntries(log.fields.map((x) => [x.fieldName, [x.oldValue, x.newValue]]));

/** The advertiser and its campaign are stored as given and no activity row exists: a refused or failed change left nothing. */
export async function expectAdvertiserAndCampaignUntouched(advertiser: { id: number }, campaign: { id: number }) {
  expect(await db.advertiser.findUniqueOrThrow({ where: { id: advertiser.id } })).toEqual(advertiser);
  expect(await db.campaign.findUniqueOrThrow({ where: { id: campaign.id } })).toEqual(campaign);
  expect(await db.activityLog.count()).toBe(0);
}
