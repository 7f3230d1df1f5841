// The permission registry's entries of the partner (DMP) segment catalogue
// (lib/partner-segments): the load (RW only) and the search (every role),
// as server actions and REST operations, spread into PERMISSION_REGISTRY.
// The catalogue is the caller's licensee's own: B's load writes B's segments
// and B's search finds none of A's.
import { json, type RegistryEntry } from "./permission-types";

const ROW = { provider: "Matrix partner", providerSegmentId: "matrix-1", name: "Matrix SUV", taxonomyPath: "Auto > Intenders > SUV", size: 1000, cpm: "0.5" };

export const PARTNER_SEGMENT_ENTRIES: Record<string, RegistryEntry> = {
  "lib/partner-segments/actions.ts#loadPartnerSegmentsAction": { access: "write", otherLicensee: "own-account", args: () => [{ rows: [ROW] }] },
  "lib/partner-segments/actions.ts#searchPartnerSegmentsAction": { access: "read", otherLicensee: "no-data", args: () => [{ q: "auto", page: 1, size: 10 }] },
  "POST /api/v1/partner-segments": {
    access: "write",
    otherLicensee: "own-account",
    request: () => ({ method: "POST", path: "/api/v1/partner-segments", ...json([ROW]) }),
  },
  "GET /api/v1/partner-segments": {
    access: "read",
    otherLicensee: "no-data",
    request: () => ({ method: "GET", path: "/api/v1/partner-segments?q=auto" }),
  },
};
