import { canEditPresets, canSeeAnalyticsTabs, canSeeMetric, canWrite, listWriteControls, ROLES, shellVisibility } from "./roles";

test("each role's rules, side by side (business.md and shell.md 6)", () => {
  const table = Object.fromEntries(
    ROLES.map((role) => [
      role,
      {
        write: canWrite(role),
        presets: canEditPresets(role),
        listControls: listWriteControls(role),
        analyticsTabs: canSeeAnalyticsTabs(role),
        hiddenMetric: canSeeMetric(role, { showROuser: false }),
        roMetric: canSeeMetric(role, { showROuser: true }),
      },
    ]),
  );
  expect(table).toEqual({
    RO: { write: false, presets: true, listControls: "hidden", analyticsTabs: true, hiddenMetric: false, roMetric: true },
    DEMO: { write: false, presets: false, listControls: "disabled", analyticsTabs: false, hiddenMetric: true, roMetric: true },
    RW: { write: true, presets: true, listControls: "enabled", analyticsTabs: true, hiddenMetric: true, roMetric: true },
  });
});

test("the shell agrees with the list rules: no action column exactly where list controls are hidden", () => {
  for (const role of ROLES) {
    expect(shellVisibility(role).actionColumns).toBe(listWriteControls(role) !== "hidden");
    expect(shellVisibility(role).analyticsTabs).toBe(canSeeAnalyticsTabs(role));
  }
});
