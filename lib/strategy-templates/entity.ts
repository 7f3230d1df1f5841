// The strategy template, declared once for the registry
// (lib/entities/registry.ts): texts, routes, menu, picker, its list
// (/strategy/templates, ./list.ts) and its REST resource.
import "server-only";
import { labelsOf } from "../contracts/declare-entity";
import type { EntityDeclaration } from "../contracts/entity";
import { templateListAdapter } from "./list";
import { strategyTemplateRest } from "./rest";

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
  // No status and no Create page: templates are saved from a strategy and used from the wizard.
  list: { adapter: templateListAdapter, fileName: "strategy templates", selectable: false, testId: "strategy-template" },
  rest: strategyTemplateRest,
};
