// The strategy template, declared once for the registry
// (lib/entities/registry.ts): texts, routes, menu and picker. Its screens are
// not built yet; the menu and the picker list the licensee's templates.
import "server-only";
import { labelsOf } from "../entities/declare";
import type { EntityDeclaration } from "../entities/types";
import { strategyTemplateResource } from "./rest";

export const strategyTemplateEntity: EntityDeclaration = {
  key: "strategy_template",
  labels: labelsOf("Strategy Template"),
  routes: { list: "/strategy/templates", details: "/strategy/templates-details/{id}" },
  emptyText: "No strategy template found.",
  lookup: {
    model: "strategyTemplate",
    nameColumn: "templateName",
    parents: [],
    hasActive: false,
    recentColumn: "createdAt",
    menus: [{ name: "strategy_template" }],
  },
  // shell.md 2.10 gives strategy template entries no link.
  activity: { types: [{ type: "STRATEGY_TEMPLATE" }], link: null },
  rest: strategyTemplateResource,
};
