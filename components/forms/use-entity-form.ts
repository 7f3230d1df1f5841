"use client";
// useActionForm for an entity's create/edit page: create or update by the
// mode, the conflict notice when someone else saved first (409: the typed
// values stay, EntityFormFrame offers the latest version), the details page
// after a save, and the unsaved-changes warning while the form is dirty.
import { useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import type { DefaultValues, FieldValues } from "react-hook-form";
import type { z } from "@/lib/validation/z";
import type { ActionResult } from "@/lib/actions/result";
import { useUnsavedChangesWarning } from "./use-unsaved-changes";
import { useActionForm } from "./use-action-form";

export interface UseEntityFormOptions<V extends FieldValues, T extends { id: number }> {
  mode: "create" | "edit";
  schema: z.ZodType;
  initial: DefaultValues<V>;
  canWrite: boolean;
  create(values: V): Promise<ActionResult<T>>;
  /** The edit's action, given the record's id and version by the caller. */
  update(values: V): Promise<ActionResult<T>>;
  /** Where a saved record is shown ("/audience/details/7"). */
  detailsHref(id: number): string;
}

export function useEntityForm<V extends FieldValues, T extends { id: number }>({ mode, schema, initial, canWrite, create, update, detailsHref }: UseEntityFormOptions<V, T>) {
  const router = useRouter();
  const [conflict, setConflict] = useState(false);
  const result = useActionForm<V, T>({
    schema,
    defaultValues: initial,
    action: (values) => {
      setConflict(false);
      return mode === "create" ? create(values) : update(values);
    },
    onFailure: (failure) => setConflict(mode === "edit" && failure.status === 409),
    onSuccess: (saved) => {
      router.push(detailsHref(saved.id));
      router.refresh();
    },
  });
  useUnsavedChangesWarning(canWrite && result.form.formState.isDirty && !result.succeeded);
  /** The props of EntityFormFrame that come from the form's state. */
  const frame = {
    formId: result.formId,
    submitting: result.submitting,
    formError: result.formError,
    conflict,
    onSubmit: (e: FormEvent<HTMLFormElement>) => void result.onSubmit(e),
  };
  return { ...result, conflict, frame };
}
