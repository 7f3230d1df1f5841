// Entity types as the activity and notification panels show them: the module
// filter of the activity panel (shell.md 2.10), type labels and the page each
// type opens (shell.md 2.1 "Routes opened from dialogs"), all read from the
// entities' declarations (lib/entities/registry.ts). Types of no registered
// entity (settings, rules, users, ...) get a label from their name and no link.
import "server-only";
import { entityOfActivityType, activityModules } from "../entities/registry";
import { fillRoute } from "../contracts/entity-routes";
import type { EntityType } from "../generated/prisma/enums";

/** A value of the module filter: an activity type. */
export type ActivityModule = EntityType;

/** The module filter's values, in the spec's order (for validating what the browser sends). */
export function activityModuleValues(): [EntityType, ...EntityType[]] {
  return activityModules().map((m) => m.value) as [EntityType, ...EntityType[]];
}

/** "CLICK_DESTINATION" → "Click destination"; module labels where the spec names them. */
export function entityTypeLabel(type: EntityType): string {
  return entityOfActivityType(type)?.type.label ?? type.charAt(0) + type.slice(1).toLowerCase().replace(/_/g, " ");
}

/**
 * The page an activity entry links to, or null when it has none: creatives
 * have no page, a pixel or click destination needs its advertiser id.
 */
export function activityEntityHref(type: EntityType, id: number, advertiserId: number | null): string | null {
  const found = entityOfActivityType(type)?.entity;
  const link = found?.activity?.link;
  return link ? fillRoute(found.routes[link], { id, advertiserId }) : null;
}

/** shell.md 2.11: notification details links exist only for the entities that declare one. */
export function notificationEntityHref(type: EntityType, id: number): string | null {
  const found = entityOfActivityType(type)?.entity;
  return found?.activity?.notificationLink ? fillRoute(found.routes.details, { id }) : null;
}
