"use client";
// The registry's client-safe view (lib/entities/catalog.ts) for client
// components: the console layout reads it on the server (entityCatalog()) and
// provides it here, so menus, breadcrumbs, the picker and the activity panel
// take entity texts and routes from the one declaration of each entity
// without importing the server-only registry.
import { createContext, useContext, type ReactNode } from "react";
import type { EntityCatalog } from "@/lib/entities/catalog";

const EntityCatalogContext = createContext<EntityCatalog | null>(null);

export function EntityCatalogProvider({ catalog, children }: { catalog: EntityCatalog; children: ReactNode }) {
  return <EntityCatalogContext.Provider value={catalog}>{children}</EntityCatalogContext.Provider>;
}

export function useEntityCatalog(): EntityCatalog {
  const catalog = useContext(EntityCatalogContext);
  if (!catalog) throw new Error("useEntityCatalog outside EntityCatalogProvider");
  return catalog;
}
