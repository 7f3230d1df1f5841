// The floors of the code, checked by `npm run check:shape` (docs/architecture.md
// explains them). app (routes) stands on components and lib; components on lib;
// lib on nothing of the console above it. Inside lib, the contracts that entity
// folders import (lib/contracts, lib/jobs) stand below the entities, and the
// registries that read every entity (lib/entities, lib/api, lib/job-runner)
// stand above them. Folder-level floors inside lib are counted by
// scripts/check-floors.mjs, which reads this cruise's result.

/** Entity folders: each is "its folder plus one registry line". */
const ENTITIES = "lib/(advertisers|pixels|click-destinations|catalog|campaigns|strategies|strategy-templates|creative-sets|creatives|audiences|experiments|report-templates)/";
/** Registries and routers: they import every entity, so no entity may import them. */
const REGISTRIES = "^lib/(entities|api|job-runner)/";
const NOT_TESTS = "\\.test\\.tsx?$";

module.exports = {
  forbidden: [
    { name: "no-circular", severity: "error", comment: "Files that import each other in a loop.", from: {}, to: { circular: true } },
    {
      name: "lib-below-components-and-app",
      severity: "error",
      comment: "lib is the floor under components and app: it never imports them.",
      from: { path: "^lib/" },
      to: { path: "^(components|app)/" },
    },
    {
      name: "components-below-app",
      severity: "error",
      comment: "Components never import route files.",
      from: { path: "^components/" },
      to: { path: "^app/" },
    },
    {
      name: "ui-knows-no-console",
      severity: "error",
      comment: "components/ui is the console's toolbox: it imports only itself and packages.",
      from: { path: "^components/ui/" },
      to: { path: "^(app|lib|components/(?!ui/))" },
    },
    {
      name: "contracts-stay-low",
      severity: "error",
      comment: "lib/contracts and lib/jobs are what entities import: they import no entity and no registry.",
      from: { path: "^lib/(contracts|jobs)/" },
      to: { path: [ENTITIES, REGISTRIES] },
    },
    {
      name: "registries-stay-high",
      severity: "error",
      comment: "An entity declares itself through lib/contracts; the registries import it, never the other way round.",
      from: { path: ENTITIES, pathNot: NOT_TESTS },
      to: { path: REGISTRIES },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["node_modules", "^lib/generated/", "\\.test\\.tsx?$", "^tests/"] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default", "types"] },
  },
};
