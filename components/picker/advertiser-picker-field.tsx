"use client";
// The advertiser of a form (campaign, creative set): the picker field and its
// entity picker dialog over the licensee's advertisers. Fixed once the record
// exists (the server keeps the advertiser), so an edit shows it without
// offering a change. The caller keeps the form value and what follows a new
// advertiser (its pixels, click destinations...).
import { useCallback, useState, type Ref } from "react";
import { useController } from "react-hook-form";
import { searchPickerAction } from "@/lib/entities/actions";
import type { MenuItem, PickerQuery } from "@/lib/menu/types";
import { PickerField } from "@/components/campaign/picker-field";
import { EntityPicker } from "./entity-picker";

export interface AdvertiserPickerFieldProps {
  id: string;
  advertiser: MenuItem | null;
  error?: string;
  /** Edit of a saved record: shown, not changeable, with this hint. */
  lockedHint?: string;
  /** react-hook-form's ref, so a failed save focuses the field. */
  fieldRef?: Ref<HTMLButtonElement>;
  onPick(row: MenuItem): void;
}

export function AdvertiserPickerField({ id, advertiser, error, lockedHint, fieldRef, onPick }: AdvertiserPickerFieldProps) {
  const [open, setOpen] = useState(false);
  const load = useCallback((query: PickerQuery) => searchPickerAction({ entity: "advertiser", query, parents: {} }), []);
  return (
    <>
      <PickerField
        id={id}
        label="Advertiser"
        entity="Advertiser"
        required
        value={advertiser}
        error={error}
        disabled={lockedHint !== undefined}
        hint={lockedHint}
        onOpen={() => setOpen(true)}
        buttonRef={fieldRef}
      />
      <EntityPicker open={open} onOpenChange={setOpen} entity="Advertiser" load={load} selected={advertiser} onDone={onPick} />
    </>
  );
}

/**
 * The picker as the `advertiserId` field of the form in context (creative
 * set, audience): a pick sets the field and tells the form's owner, who keeps
 * what follows the advertiser. `lockedHint`: an edit, shown and not changeable.
 */
export function FormAdvertiserField({ id, advertiser, error, lockedHint, onChange }: Omit<AdvertiserPickerFieldProps, "fieldRef" | "onPick"> & { onChange(row: MenuItem): void }) {
  const { field } = useController<{ advertiserId: unknown }, "advertiserId">({ name: "advertiserId" });
  return (
    <AdvertiserPickerField
      id={id}
      advertiser={advertiser}
      error={error}
      lockedHint={lockedHint}
      fieldRef={field.ref}
      onPick={(row) => {
        field.onChange(row.id);
        onChange(row);
      }}
    />
  );
}
