"use client";
// The activity panel's module multi-select (shell.md 2.10). Choices are kept
// while the selector is open and reported once when it closes, so the list
// reloads from page 1 only then (shell.md 4).
import { useCallback, useState } from "react";
import type { ActivityModule } from "@/lib/activity/entities";
import { useEntityCatalog } from "@/components/entities/entity-catalog";
import { CheckboxMenu } from "@/components/ui/checkbox-menu";

export function ModuleFilter({ value, onChange }: { value: ActivityModule[]; onChange: (modules: ActivityModule[]) => void }) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<ActivityModule[]>(value);
  // The registry's module list (shell.md 2.10 order), from the console's entity catalog.
  const ACTIVITY_MODULES = useEntityCatalog().activityModules;

  const close = useCallback(() => {
    setOpen(false);
    const same = draft.length === value.length && draft.every((m) => value.includes(m));
    if (!same) onChange(draft);
  }, [draft, value, onChange]);

  const toggle = (m: ActivityModule) =>
    setDraft((d) => (d.includes(m) ? d.filter((x) => x !== m) : ACTIVITY_MODULES.map((x) => x.value).filter((x) => x === m || d.includes(x))));

  const label =
    value.length === 0
      ? "All modules"
      : value.length <= 2
        ? ACTIVITY_MODULES.filter((m) => value.includes(m.value)).map((m) => m.label).join(", ")
        : `${value.length} modules`;

  return (
    <CheckboxMenu
      open={open}
      onTriggerClick={() => (open ? close() : (setDraft(value), setOpen(true)))}
      onClose={close}
      triggerLabel={<span className="truncate">Module: {label}</span>}
      triggerTestId="activity-module-filter"
      triggerClassName="flex min-w-44"
      options={ACTIVITY_MODULES}
      isChecked={(m) => draft.includes(m)}
      onToggle={toggle}
      onClear={() => setDraft([])}
      clearLabel="Clear selection"
      listRole="group"
      listLabel="Modules"
      panelClassName="right-0 max-h-80 w-56 py-1"
    />
  );
}
