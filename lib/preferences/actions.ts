"use server";
// Server actions of the Account Preferences dialog, built with defineAction
// (session, role, ids, result shape). Presets are the user's own view
// settings: read-only users may keep their own, demo users may only apply
// them. The values are checked by mutations.ts against the role and the names
// already taken (the form runs the same presetSchema). Applying a preset
// changes every list's columns and row limit and the user's timezone: all
// pages render again.
import { z } from "../validation/z";
import { defineAction, defineReadAction } from "../actions/define-action";
import { IdSchema, NoInputSchema, VersionSchema } from "../actions/fields";
import { loadPreferences } from "./list";
import { applyPreset, createPreset, deletePreset, updatePreset } from "./mutations";

const EVERY_PAGE = { path: "/", type: "layout" } as const;
const PRESET_EDITORS = ["RW", "RO"] as const;

export const loadPreferencesAction = defineReadAction("preferences.load", NoInputSchema, ({ ctx }) => loadPreferences(ctx));

export const createPresetAction = defineAction({
  name: "preferences.createPreset",
  access: "write",
  idempotent: true,
  roles: PRESET_EDITORS,
  input: z.looseObject({}),
  run: ({ ctx, input }) => createPreset(ctx, input),
});

export const updatePresetAction = defineAction({
  name: "preferences.updatePreset",
  access: "write",
  roles: PRESET_EDITORS,
  input: z.looseObject({ id: IdSchema, version: VersionSchema }),
  run: ({ ctx, input }) => updatePreset(ctx, input.id, input.version, input),
  // The applied preset's columns changed.
  revalidate: (_input, saved) => (saved.selected ? [EVERY_PAGE] : []),
});

export const deletePresetAction = defineAction({
  name: "preferences.deletePreset",
  access: "write",
  roles: PRESET_EDITORS,
  input: z.object({ id: IdSchema }),
  run: async ({ ctx, input }) => {
    await deletePreset(ctx, input.id);
    return null;
  },
});

/** Allowed for every role: it changes only the caller's own columns, row limit and timezone. */
export const applyPresetAction = defineAction({
  name: "preferences.applyPreset",
  access: "write",
  roles: ["RW", "RO", "DEMO"],
  input: z.object({ id: IdSchema }),
  run: ({ ctx, input }) => applyPreset(ctx, input.id),
  revalidate: [EVERY_PAGE],
});
