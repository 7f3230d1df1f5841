"use client";
// useActionForm for an entity's create/edit form: create or update by the
// mode, the conflict notice when someone else saved first (409: the typed
// values stay, EntityFormFrame offers the latest version; a form without the
// frame renders ConflictNotice with `reload`), the details page after a save,
// the unsaved-changes warning while the form is dirty, and the idempotency key
// of a create (its action gets it in the values: pass them on as they are).
import { useEffect, useRef, useState, useTransition, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import type { DefaultValues, FieldValues } from "react-hook-form";
import type { z } from "@/lib/validation/z";
import type { ActionResult } from "@/lib/actions/result";
import { useUnsavedChangesWarning } from "./use-unsaved-changes";
import { useActionForm, type UseActionFormOptions } from "./use-action-form";

interface EntityFormOptions<V extends FieldValues, T extends { id: number }> extends Pick<UseActionFormOptions<V, T>, "prepare" | "onFailure"> {
  schema: z.ZodType;
  /** The record's values as last loaded (`reload()` starts the form again from them once the page's data is read again). */
  initial: DefaultValues<V>;
  /** False for read-only roles: they cannot change anything, so leaving never asks. */
  canWrite: boolean;
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
  /**
   * True for a form that stays on screen after a save, `onSaved` resetting it
   * to what was saved (the edit form within a details page): changes typed
   * after that are unsaved again. Default false: a saved form is on its way
   * out (details page, dialog closing), so it no longer counts as unsaved.
   */
  staysAfterSave?: boolean;
}

type Save<V, T> = (values: V) => Promise<ActionResult<T>>;

/** The actions by the mode: a form that only creates (a "New …" dialog) needs no `update`, one that only edits no `create`. */
export type UseEntityFormOptions<V extends FieldValues, T extends { id: number }> = EntityFormOptions<V, T> &
  (
    | {
        mode: "create" | "edit";
        create: Save<V, T>;
        /** The edit's action, given the record's id and version by the caller. */
        update: Save<V, T>;
      }
    | { mode: "create"; create: Save<V, T>; update?: undefined }
    | { mode: "edit"; create?: undefined; update: Save<V, T> }
  );

export function useEntityForm<V extends FieldValues, T extends { id: number }>(options: UseEntityFormOptions<V, T>) {
  const { mode, schema, initial, canWrite, create, update, detailsHref, onSaved, onFailure, validateOn, prepare, warnUnsaved = true, staysAfterSave = false } = options;
  const router = useRouter();
  const [conflict, setConflict] = useState(false);
  const result = useActionForm<V, T>({
    schema,
    defaultValues: initial,
    mode: validateOn,
    prepare,
    // A create sends the form instance's key: saved twice (a double click, a retry), it still creates one record.
    idempotent: mode === "create",
    action: (values) => {
      setConflict(false);
      // The options' type makes sure the mode's action is there.
      return (mode === "create" ? create : update)!(values);
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
  const { form } = result;

  // reload(): the page's data read again (router.refresh() in a transition, pending until the new props are rendered), then the form starts again from `initial`.
  const [refreshing, startRefresh] = useTransition();
  const reloadAsked = useRef(false);
  useEffect(() => {
    if (refreshing || !reloadAsked.current) return;
    reloadAsked.current = false;
    form.reset(initial);
  }, [refreshing, initial, form]);
  /**
   * The conflict notice's 'Reload latest version' for a form the page does
   * not remount after a refresh (a form within a details page or a drawer;
   * EntityFormFrame's pages are keyed by the record's version instead): the
   * notice goes, the page's data is read again, and the form then shows the
   * latest saved values (`initial` as the refreshed page gives it).
   */
  const reload = () => {
    setConflict(false);
    reloadAsked.current = true;
    startRefresh(() => router.refresh());
  };

  /** True while leaving would lose typed changes (the save not done yet). */
  const unsaved = canWrite && form.formState.isDirty && (staysAfterSave || !result.succeeded);
  useUnsavedChangesWarning(warnUnsaved && unsaved);
  /** The props of EntityFormFrame that come from the form's state. */
  const frame = {
    formId: result.formId,
    submitting: result.submitting,
    formError: result.formError,
    conflict,
    onSubmit: (e: FormEvent<HTMLFormElement>) => void result.onSubmit(e),
  };
  return { ...result, conflict, reload, unsaved, frame };
}
