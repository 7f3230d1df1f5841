"use client";
// The creative-size multi-select filter of the image grid (shell.md 2.9): the
// sizes present in the list; none checked shows every size.
import { useCallback, useState } from "react";
import { CheckboxMenu } from "@/components/ui/checkbox-menu";

export function DimensionFilter({ options, value, onChange }: { options: string[]; value: string[]; onChange: (value: string[]) => void }) {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const label = value.length === 0 ? "All sizes" : value.length === 1 ? value[0] : `${value.length} sizes`;
  return (
    <CheckboxMenu
      open={open}
      onTriggerClick={() => setOpen((o) => !o)}
      onClose={close}
      triggerLabel={<span>{label}</span>}
      triggerTestId="image-size-filter"
      // The name holds the visible text (axe label-content-name-mismatch).
      triggerAriaLabel={`Creative size: ${label}`}
      triggerClassName="inline-flex min-w-28"
      options={options.map((o) => ({ value: o, label: o }))}
      isChecked={(o) => value.includes(o)}
      onToggle={(o) => onChange(value.includes(o) ? value.filter((v) => v !== o) : [...value, o])}
      onClear={() => onChange([])}
      clearLabel="Clear"
      emptyText="No sizes"
      listRole="listbox"
      listLabel="Creative size"
      panelClassName="right-0 max-h-64 w-44 p-1"
    />
  );
}
