// The permission registry's entry of the dictionaries' read action
// (lib/dictionaries/actions.ts), spread into PERMISSION_REGISTRY: product
// categories are the one kind that names a record (the advertiser), so the
// matrix reads licensee A's advertiser's; another licensee's is not found.
import { json, type RegistryEntry } from "./permission-types";

export const DICTIONARY_ENTRIES: Record<string, RegistryEntry> = {
  "lib/dictionaries/actions.ts#dictionaryAction": {
    access: "read",
    args: (fx) => [{ kind: "product_category", filters: [{ column: "advertiserId", value: String(fx.a.advertiserId) }] }],
  },
  "POST /api/v1/dictionaries/{kind}": {
    access: "read", // a POST that reads (shell.md 7)
    request: (fx) => ({
      method: "POST",
      path: "/api/v1/dictionaries/product_category?page=0&size=1000",
      params: { kind: "product_category" },
      ...json({ searchRequest: { filters: [{ column: "advertiserId", value: fx.a.advertiserId }] } }),
    }),
  },
};
