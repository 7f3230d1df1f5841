// The input schemas of creative sets (lib/creative-sets/schema.ts) and the
// forms' clocked wrapper, spread into INPUT_SCHEMAS (./input-schemas.ts),
// with inputs the set form, the reschedule dialog and the REST API send.
import { creativeSetSchema, rescheduleSchema } from "@/lib/creative-sets/schema";
import type { InputSchemaEntry } from "./input-schemas";

const inDays = (days: number) => Math.floor(Date.now() / 1000) + days * 86_400;
const SET = {
  advertiserId: 1, name: "Holiday banners", type: "IMAGE", clickDestinationId: 9, timezoneId: 805, dailyMediaBudget: "250.123456",
  startTime: inDays(1), endTime: -1, scheduledTimezoneId: 805, dcoAd: true, isPlacebo: false, sizes: ["300x250", "728x90"],
};

export const CREATIVE_SET_INPUT_SCHEMAS: Record<string, InputSchemaEntry> = {
  "lib/creative-sets/schema.ts#creativeSetSchema": {
    cases: () => {
      const now = new Date();
      const saved = { startTime: new Date(Date.now() - 10 * 86_400_000), endTime: null };
      return [
        { label: "creativeSetSchema(create)", schema: creativeSetSchema({ mode: "create", now }).in, valid: [SET, { ...SET, clickDestinationId: "9", endTime: inDays(30), dailyMediaBudget: "" }] },
        { label: "creativeSetSchema(edit)", schema: creativeSetSchema({ mode: "edit", now, saved }).in, valid: [{ ...SET, startTime: Math.floor(saved.startTime.getTime() / 1000) }] },
      ];
    },
  },
  "lib/creative-sets/schema.ts#rescheduleSchema": {
    cases: () => [
      { label: "rescheduleSchema", schema: rescheduleSchema({ mode: "edit", now: new Date(), saved: { startTime: null, endTime: null } }).in, valid: [{ startTime: inDays(2), endTime: -1, scheduledTimezoneId: 805 }] },
    ],
  },
  "components/forms/clocked-schema.ts#clockedSchema": {
    excluded: "a wrapper that rebuilds a form's schema with the clock of each check (lib/campaigns/schema.ts#campaignSchema and lib/creative-sets/schema.ts#creativeSetSchema, tested here, are what it wraps)",
  },
};
