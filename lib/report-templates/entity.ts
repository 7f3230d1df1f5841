// The report template, declared once for the registry (lib/entities/registry.ts):
// texts, routes, activity, its list (/report/schedule/list, ./list.ts) and its
// REST resource. Templates are saved from a report page (no Create page);
// their schedule is paused and resumed on the details page.
import "server-only";
import { labelsOf } from "../contracts/declare-entity";
import type { EntityDeclaration } from "../contracts/entity";
import { reportTemplateListAdapter } from "./list";
import { reportTemplateRest } from "./rest";

export const reportTemplateEntity: EntityDeclaration = {
  key: "report_template",
  labels: labelsOf("Report Template"),
  routes: { list: "/report/schedule/list", details: "/report/schedule/details/{id}" },
  emptyText: "No report template found.",
  activity: { types: [{ type: "REPORT_TEMPLATE", label: "Report Template" }], link: "details" },
  list: { adapter: reportTemplateListAdapter, fileName: "report templates", selectable: false, testId: "report-template" },
  rest: reportTemplateRest,
};
