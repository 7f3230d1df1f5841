"use client";
// The entity picker for an advertiser's pixels (shell.md 2.8) with its
// 'Add a new Pixel' link: the link opens the pixel form dialog over the picker,
// and the pixel saved there comes back listed (searched by its name) and
// selected, so Done takes it at once. Ready to drop into a form:
//   <PixelPicker open={open} onOpenChange={setOpen} advertiserId={id} onDone={(p) => setValue("pixel", p)} />
import { useCallback, useState } from "react";
import type { WriteControls } from "@/lib/list/types";
import { searchPickerAction } from "@/lib/entities/actions";
import type { MenuItem, PickerQuery } from "@/lib/menu/types";
import { PixelFormDialog } from "@/components/pixel/pixel-form-dialog";
import { Button } from "@/components/ui/button";
import { EntityPicker } from "./entity-picker";

export const ADD_PIXEL_TEXT = "Add a new Pixel";

export interface PixelPickerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  advertiserId: number;
  onDone: (pixel: MenuItem) => void;
  selected?: MenuItem | null;
  /** The role's create rights (shell.md 6): "disabled" for demo, "hidden" for read-only users. */
  createMode?: WriteControls;
}

export function PixelPicker({ open, onOpenChange, advertiserId, onDone, selected, createMode = "enabled" }: PixelPickerProps) {
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<{ pixel: MenuItem; count: number } | null>(null);
  const load = useCallback((query: PickerQuery) => searchPickerAction({ entity: "pixel", query, parents: { advertiserId } }), [advertiserId]);

  // Once the picker has closed, the next opening starts from the full list again.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (!open) setCreated(null);
  }

  const addLink =
    createMode === "hidden" ? null : (
      <Button
        variant="link"
        onClick={() => setAdding(true)}
        disabled={createMode !== "enabled"}
        title={createMode === "enabled" ? undefined : "Not available for your role"}
        data-testid="picker-add-pixel"
      >
        {ADD_PIXEL_TEXT}
      </Button>
    );

  return (
    <>
      <EntityPicker
        open={open}
        onOpenChange={onOpenChange}
        entity="Pixel"
        load={load}
        onDone={onDone}
        selected={created?.pixel ?? selected}
        initialSearch={created?.pixel.name}
        restartKey={created?.count}
        addLink={addLink}
      />
      {/* A sibling, not a child: Radix stacks the two modal layers, so the picker stays open beneath. */}
      <PixelFormDialog
        open={adding}
        onOpenChange={setAdding}
        advertiserId={advertiserId}
        canWrite={createMode === "enabled"}
        onCreated={(pixel) =>
          // A new pixel is active (the form creates it so); the name search lists it whatever page it would fall on.
          setCreated((prev) => ({ pixel: { id: pixel.id, name: pixel.name, active: true }, count: (prev?.count ?? 0) + 1 }))
        }
      />
    </>
  );
}
