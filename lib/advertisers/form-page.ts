// Data of the advertiser create and edit pages.
import "server-only";
import { referenceDb } from "../data/tenant-db";
import { currencyCodes } from "./options";

export async function advertiserFormOptions() {
  const timezones = await referenceDb().timezone.findMany({ orderBy: { id: "asc" }, select: { id: true, name: true } });
  return { timezones, currencies: [...currencyCodes()] };
}
