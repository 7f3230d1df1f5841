// The registry's client-safe catalog for component tests. Components read it
// from EntityCatalogProvider; jsdom tests cannot load the registry itself (its
// declarations carry the database client), so they use this copy of
// entityCatalog(), which lib/entities/registry.test.ts holds equal to the
// registry (UPDATE_ENTITY_CATALOG=1 npm test -- lib/entities/registry.test.ts rewrites it).
import type { ReactNode } from "react";
import { EntityCatalogProvider } from "@/components/entities/entity-catalog";
import type { EntityCatalog } from "@/lib/entities/catalog";
import catalog from "../fixtures/entity-catalog.json";

export const TEST_ENTITY_CATALOG = catalog as EntityCatalog;

/** `ui` inside the console's entity catalog, as the console layout provides it. */
export function withEntityCatalog(ui: ReactNode) {
  return <EntityCatalogProvider catalog={TEST_ENTITY_CATALOG}>{ui}</EntityCatalogProvider>;
}
