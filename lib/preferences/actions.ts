"use server";
// Server actions of the Account Preferences dialog. Applying a preset changes
// every list's columns and row limit and the user's timezone: all pages render again.
import { revalidatePath } from "next/cache";
import { requireSession } from "../auth/session";
import { runAction, type ActionResult } from "../data/action-result";
import { loadPreferences, type PreferencesData } from "./list";
import { applyPreset, createPreset, deletePreset, updatePreset, type PresetView } from "./mutations";

export async function loadPreferencesAction(): Promise<ActionResult<PreferencesData>> {
  return runAction("loadPreferences", async () => loadPreferences(await requireSession()));
}

export async function createPresetAction(input: unknown): Promise<ActionResult<PresetView>> {
  return runAction("createPreset", async () => createPreset(await requireSession(), input));
}

export async function updatePresetAction(id: number, expectedVersion: number, input: unknown): Promise<ActionResult<PresetView>> {
  return runAction("updatePreset", async () => {
    const ctx = await requireSession();
    const saved = await updatePreset(ctx, Number(id), Number(expectedVersion), input);
    if (saved.selected) revalidatePath("/", "layout"); // the applied preset's columns changed
    return saved;
  });
}

export async function deletePresetAction(id: number): Promise<ActionResult<null>> {
  return runAction("deletePreset", async () => {
    await deletePreset(await requireSession(), Number(id));
    return null;
  });
}

export async function applyPresetAction(id: number): Promise<ActionResult<PresetView>> {
  return runAction("applyPreset", async () => {
    const applied = await applyPreset(await requireSession(), Number(id));
    revalidatePath("/", "layout");
    return applied;
  });
}
