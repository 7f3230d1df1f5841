"use client";
// useActionForm for an entity's create/edit form: create or update by the
// mode, the conflict notice when someone else saved first (409: the typed
// values stay, EntityFormFrame offers the latest version), the details page
// after a save, and the unsaved-changes warning while the form is dirty.
import { useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import type { DefaultValues, FieldValues } from "react-hook-form";
import type { z } from "@/lib/validation/z";
import type { ActionResult } from "@/lib/actions/result";
import { useUnsavedChangesWarning } from "./use-unsaved-changes";
import { useActionForm, type UseActionFormOptions } from "./use-action-form";

export interface UseEntityFormOptions<V extends FieldValues, T extends { id: number }> extends Pick<UseActionFormOptions<V, T>, "prepare" | "onFailure"> {
  mode: "create" | "edit";
  schema: z.ZodType;
  initial: DefaultValues<V>;
  /** False for read-only roles: they cannot change anything, so leaving never asks. */
  canWrite: boolean;
  create(values: V): Promise<ActionResult<T>>;
  /** The edit's action, given the record's id and version by the caller. */
  update(values: V): Promise<ActionResult<T>>;
  /** Where a saved record is shown ("/audience/details/7"); the page goes there after a save. Absent: `onSaved` decides (a dialog closes). */
  detailsHref?(id: number): string;
  /** After a save, before the details page opens. */
  onSaved?(saved: T, values: V): void;
  /** When fields are checked (useActionForm's `mode`). */
  validateOn?: UseActionFormOptions<V, T>["mode"];
  /**
   * Default true: the browser's warning while the form holds unsaved changes.
   * False when the caller guards leaving itself (`unsaved` says when) or the
   * form never warned.
   */
  warnUnsaved?: boolean;
}

export function useEntityForm<V extends FieldValues, T extends { id: number }>(options: UseEntityFormOptions<V, T>) {
  const { mode, schema, initial, canWrite, create, update, detailsHref, onSaved, onFailure, validateOn, prepare, warnUnsaved = true } = options;
  const router = useRouter();
  const [conflict, setConflict] = useState(false);
  const result = useActionForm<V, T>({
    schema,
    defaultValues: initial,
    mode: validateOn,
    prepare,
    action: (values) => {
      setConflict(false);
      return mode === "create" ? create(values) : update(values);
    },
    // 409: saved by someone else since this form was loaded (or archived meanwhile): keep the typed values, offer the latest.
    onFailure: (failure) => {
      setConflict(mode === "edit" && failure.status === 409);
      onFailure?.(failure);
    },
    onSuccess: (saved, values) => {
      onSaved?.(saved, values);
      if (!detailsHref) return;
      router.push(detailsHref(saved.id));
      router.refresh();
    },
  });
  /** True while leaving would lose typed changes (the save not done yet). */
  const unsaved = canWrite && result.form.formState.isDirty && !result.succeeded;
  useUnsavedChangesWarning(warnUnsaved && unsaved);
  /** The props of EntityFormFrame that come from the form's state. */
  const frame = {
    formId: result.formId,
    submitting: result.submitting,
    formError: result.formError,
    conflict,
    onSubmit: (e: FormEvent<HTMLFormElement>) => void result.onSubmit(e),
  };
  return { ...result, conflict, unsaved, frame };
}
