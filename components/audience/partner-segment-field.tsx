"use client";
// A DMP audience's segment, picked from the licensee's partner catalogue
// (lib/partner-segments) in the entity picker dialog: its search matches the
// name, taxonomy path and provider ("suv" finds "Auto > Intenders > SUV"),
// Enter applies it, arrow keys and Space choose a row, Done takes it. The
// form holds the segment's id; the field shows provider, name, taxonomy path
// and size. An audience saved with a free-text segment name before the
// catalogue shows that name until a catalogue segment is picked.
import { useState } from "react";
import { useController } from "react-hook-form";
import { searchPartnerSegmentsAction } from "@/lib/partner-segments/actions";
import { segmentLabel, type PartnerSegmentView } from "@/lib/partner-segments/schema";
import type { MenuItem, PickerPage, PickerQuery } from "@/lib/menu/types";
import type { ActionResult } from "@/lib/actions/result";
import { PickerField } from "@/components/campaign/picker-field";
import { EntityPicker } from "@/components/picker/entity-picker";

export interface PartnerSegmentFieldProps {
  id: string;
  error?: string;
  /** The stored audience's catalogue segment, if it has one. */
  segment: PartnerSegmentView | null;
  /** The free-text name a DMP audience was saved with before the catalogue. */
  legacyName: string | null;
}

const asItem = (s: PartnerSegmentView): MenuItem => ({ id: s.id, name: segmentLabel(s), active: s.active });

async function loadSegments(query: PickerQuery): Promise<ActionResult<PickerPage>> {
  const result = await searchPartnerSegmentsAction({ q: query.search ?? "", page: query.page, size: query.size });
  return result.ok ? { ok: true, data: { rows: result.data.rows.map(asItem), total: result.data.total } } : result;
}

export function PartnerSegmentField({ id, error, segment, legacyName }: PartnerSegmentFieldProps) {
  const { field } = useController<{ partnerSegmentId: unknown }, "partnerSegmentId">({ name: "partnerSegmentId" });
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<MenuItem | null>(segment ? asItem(segment) : null);
  const hint =
    chosen === null && legacyName
      ? `Saved with the segment name "${legacyName}": pick its segment from the partner catalogue to save.`
      : "Search the partner catalogue by name, taxonomy path or provider.";
  return (
    <>
      <PickerField id={id} label="DMP segment" entity="DMP Segment" required value={chosen} error={error} hint={hint} onOpen={() => setOpen(true)} buttonRef={field.ref} />
      <EntityPicker
        open={open}
        onOpenChange={setOpen}
        entity="DMP Segment"
        load={loadSegments}
        selected={chosen}
        onDone={(row) => {
          setChosen(row);
          field.onChange(row.id);
        }}
      />
    </>
  );
}
