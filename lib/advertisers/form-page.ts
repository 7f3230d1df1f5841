// Data of the advertiser create and edit pages.
import "server-only";
import { db } from "../db";
import { currencyCodes } from "./options";

export async function advertiserFormOptions() {
  const timezones = await db.timezone.findMany({ orderBy: { id: "asc" }, select: { id: true, name: true } });
  return { timezones, currencies: [...currencyCodes()] };
}
