"use client";
// The one form hook: react-hook-form with the zod schema the server action
// also parses, and the action's answer mapped back onto the form. Field errors
// land beside their fields (the first one focused and scrolled into view), a
// message for the whole form above it, an expired session signs every tab
// out, and an action that cannot be reached leaves the form usable with the
// generic server message. Forms render `formError` with <FormError>.
// A submit while the form's last one is still on its way is ignored (two
// clicks on Save send one request), and a create form (`idempotent`) sends
// its instance's idempotency key, so the server creates once even when the
// same submission arrives twice (lib/actions/idempotency.ts).
import { useCallback, useId, useRef, useState } from "react";
import { useForm, type DefaultValues, type FieldValues, type Path, type Resolver, type UseFormProps } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "@/lib/validation/z";
import { SERVER_ERROR_MESSAGE, type ActionFailure, type ActionResult } from "@/lib/actions/result";
import { IDEMPOTENCY_KEY_FIELD, newIdempotencyKey } from "@/lib/actions/idempotency-key";
import { expiredSession } from "@/components/account/session-events";

export interface UseActionFormOptions<V extends FieldValues, T> {
  schema: z.ZodType;
  defaultValues: DefaultValues<V>;
  /** Called with the validated values; usually `(values) => someAction({ id, version, ...values })`. */
  action: (values: V) => Promise<ActionResult<T>>;
  onSuccess?: (data: T, values: V) => void | Promise<void>;
  /**
   * When fields are checked. Default "onSubmit" (then again on change): a
   * message appearing on blur moves the buttons under the pointer, so a click
   * on Save right after typing could miss. The pixel form opts into "onTouched".
   */
  mode?: UseFormProps<V>["mode"];
  /** When fields are checked again after a submit. Default "onChange"; the change-password form checks after a pause instead ("onSubmit"). */
  reValidateMode?: UseFormProps<V>["reValidateMode"];
  /**
   * The values as validated and sent, when that differs from what the form
   * holds (the advertiser form drops its dynamic video block while it is off,
   * so the block's fields are neither checked nor saved).
   */
  prepare?: (values: V) => unknown;
  /**
   * The message when the save failed for no reason the user can act on (a
   * server error, the action unreachable). Default: the generic server
   * message; the advertiser settings say 'Failed to update advertiser settings'.
   */
  failureMessage?: string;
  /** After a refused save, once its messages are placed (the change-password form forgets which fields were typed). */
  onFailure?: (failure: ActionFailure) => void;
  /**
   * The action creates a record (declared `idempotent` on the server): the
   * values it is called with carry `idempotencyKey`, one per form instance,
   * the same for every submission until one succeeds (a refused one created
   * nothing), a new one after that (a form that stays for the next record).
   * The action must pass the values on as they are (`{ ...values }`).
   */
  idempotent?: boolean;
}

/**
 * Scrolls to the first field marked invalid, once React has rendered the
 * marks: usually by the next frame, but a busy machine can paint that frame
 * before the render commits, so a few more frames are tried (a CI run caught
 * the single try missing).
 */
export function scrollToFirstError(formId: string, framesLeft = 10) {
  requestAnimationFrame(() => {
    const field = document.getElementById(formId)?.querySelector("[aria-invalid='true']");
    if (field) field.scrollIntoView({ block: "center", behavior: "smooth" });
    else if (framesLeft > 0) scrollToFirstError(formId, framesLeft - 1);
  });
}

/** The form instance's idempotency key: made at its first submission, kept until one succeeds. */
function useIdempotencyKey() {
  const current = useRef<string | null>(null);
  return {
    key: () => (current.current ??= newIdempotencyKey()),
    renew: () => {
      current.current = null;
    },
  };
}

function resolverOf<V extends FieldValues>(schema: z.ZodType, prepare?: (values: V) => unknown): Resolver<V> {
  const resolve = zodResolver(schema as never) as unknown as Resolver<V>;
  return prepare ? (values, context, options) => resolve(prepare(values) as V, context, options) : resolve;
}

export function useActionForm<V extends FieldValues, T>({
  schema,
  defaultValues,
  action,
  onSuccess,
  mode = "onSubmit",
  reValidateMode = "onChange",
  prepare,
  failureMessage = SERVER_ERROR_MESSAGE,
  onFailure,
  idempotent = false,
}: UseActionFormOptions<V, T>) {
  const formId = useId();
  const submission = useIdempotencyKey();
  const inFlight = useRef(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [succeeded, setSucceeded] = useState(false);
  const form = useForm<V>({ resolver: resolverOf(schema, prepare), defaultValues, mode, reValidateMode });

  const apply = useCallback(
    (result: Exclude<ActionResult<T>, { ok: true }>) => {
      if (expiredSession(result)) return;
      const known = new Set(Object.keys(form.getValues()));
      // A message for a field the form does not show goes to the top of the form.
      const fields = Object.entries(result.fieldErrors ?? {}).filter(([key]) => known.has(key.split(".")[0]));
      fields.forEach(([key, message], i) => form.setError(key as Path<V>, { message }, { shouldFocus: i === 0 }));
      const strays = Object.entries(result.fieldErrors ?? {}).filter(([key]) => !known.has(key.split(".")[0]));
      const failed = result.status >= 500 ? failureMessage : undefined;
      setFormError(failed ?? strays[0]?.[1] ?? result.formError ?? (fields.length ? null : failureMessage));
      if (fields.length) scrollToFirstError(formId);
    },
    [form, formId, failureMessage],
  );

  const submit = form.handleSubmit(
    async (values) => {
      setFormError(null);
      let result: ActionResult<T>;
      try {
        result = await action(idempotent ? { ...values, [IDEMPOTENCY_KEY_FIELD]: submission.key() } : values);
      } catch {
        // The action could not be reached (network, server restart): the form stays usable.
        setFormError(failureMessage);
        return;
      }
      if (!result.ok) {
        apply(result);
        return onFailure?.(result);
      }
      submission.renew();
      setSucceeded(true);
      await onSuccess?.(result.data, values);
    },
    () => scrollToFirstError(formId),
  );

  /** The form's submit: ignored while the previous one runs (the button shows that by being disabled, a render later). */
  const onSubmit: typeof submit = async (event) => {
    if (inFlight.current) {
      event?.preventDefault?.();
      return;
    }
    inFlight.current = true;
    try {
      await submit(event);
    } finally {
      inFlight.current = false;
    }
  };

  return {
    form,
    formId,
    formError,
    setFormError,
    /** True once a save succeeded (e.g. to drop the unsaved-changes warning on the way out). */
    succeeded,
    submitting: form.formState.isSubmitting,
    onSubmit,
    /** `aria-invalid` for a control: true when its field has a message. */
    invalid: (name: Path<V>) => (form.getFieldState(name, form.formState).invalid ? true : undefined),
    errorOf: (name: Path<V>) => form.getFieldState(name, form.formState).error?.message,
  };
}
