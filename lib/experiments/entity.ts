// The A/B experiment, declared once for the registry (lib/entities/registry.ts):
// texts, routes, activity, its list (/experiments, ./list.ts) and its REST
// resource. No menu side list, picker or bulk status: an experiment's status
// moves through its own start / pause / stop (./mutations.ts).
import "server-only";
import { labelsOf } from "../contracts/declare-entity";
import type { EntityDeclaration } from "../contracts/entity";
import { experimentListAdapter } from "./list";
import { experimentRest } from "./rest";

const labels = labelsOf("Experiment");

export const experimentEntity: EntityDeclaration = {
  key: "experiment",
  labels,
  routes: { list: "/experiments", create: "/experiment/create", edit: "/experiment/create/{id}", details: "/experiment/details/{id}" },
  emptyText: "No Experiment found.",
  // Not a module of the activity panel's filter (shell.md 2.10 lists none for experiments); entries link to the details.
  activity: { types: [{ type: "EXPERIMENT", label: "Experiment" }], link: "details" },
  list: { adapter: experimentListAdapter, fileName: labels.plural, selectable: false, create: { label: "Create Experiment", testId: "create-experiment" } },
  rest: experimentRest,
};
