// The permission registry's entries of the report routes and actions (issue
// 20): reads for every role of licensee A; licensee B naming A's campaign in
// a filter, or searching the filter's values, gets an answer with nothing of A in it.
import { json, type RegistryEntry } from "./permission-types";

const definition = (campaignId: number) => ({
  dimensions: ["campaign", "date"], metrics: ["impressions", "revenue"], from: "2030-01-01", to: "2030-01-31",
  filters: [{ dimension: "campaign", op: "in", values: [String(campaignId)] }],
});

export const REPORT_ENTRIES: Record<string, RegistryEntry> = {
  // A blank search lists the caller's first campaigns by name: B's, none of A's.
  "lib/report-pages/actions.ts#searchReportFilterValuesAction": { access: "read", otherLicensee: "no-data", args: () => [{ dimension: "campaign", text: "" }] },
  "POST /api/v1/reports": {
    access: "read",
    otherLicensee: "no-data",
    request: (fx) => ({ method: "POST", path: "/api/v1/reports", ...json(definition(fx.a.campaignId)) }),
  },
  "GET /api/v1/reports/download": {
    access: "read",
    otherLicensee: "no-data",
    request: (fx) => ({ method: "GET", path: `/api/v1/reports/download?format=csv&dims=campaign,date&metrics=impressions&from=2030-01-01&to=2030-01-31&f=campaign.in.${fx.a.campaignId}` }),
  },
};
