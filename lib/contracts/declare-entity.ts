// The parts most entity declarations (lib/<entity>/entity.ts) spell the same
// way, so each declaration says only where it differs.
import type { BaseRecord } from "../list/columns";
import type { ListAdapter } from "../list/engine";
import type { EntityLabels, EntityListDeclaration, EntityLookup, EntityRoutes } from "./entity";

/** Labels from the title: the lower-case forms are the title's ("Click Destination" → "click destination"). */
export function labelsOf(title: string, titlePlural = `${title}s`): EntityLabels {
  return { singular: title.toLowerCase(), plural: titlePlural.toLowerCase(), title, titlePlural };
}

/** The singular name opening a sentence ("Creative set archived ..."). */
export function sentenceName(labels: EntityLabels): string {
  return labels.singular.charAt(0).toUpperCase() + labels.singular.slice(1);
}

/** The routes of an entity with pages of its own: /{path}, /{path}/create and /{path}/details/{id}. */
export function pageRoutes(path: string): Required<Pick<EntityRoutes, "list" | "create" | "details">> {
  return { list: `/${path}`, create: `/${path}/create`, details: `/${path}/details/{id}` };
}

/**
 * The lookup of a record with a name and an active flag, its recent ones by
 * last change: every entity but the strategy template (named by templateName,
 * no status).
 */
export function namedLookup(model: string, parents: EntityLookup["parents"], more: Partial<EntityLookup> = {}): EntityLookup {
  return { model, nameColumn: "name", parents, hasActive: true, recentColumn: "updatedAt", ...more };
}

/**
 * A dashboard list page: rows selectable for bulk status, exported as
 * <plural>.csv, and a 'Create <Title>' control with test id create-<key>.
 */
export function dashboardList<R extends BaseRecord>(adapter: ListAdapter<R>, key: string, labels: EntityLabels): EntityListDeclaration<R> {
  return { adapter, fileName: labels.plural, selectable: true, create: { label: `Create ${labels.title}`, testId: `create-${key}` } };
}
