"use client";
// The frame of an entity's create/edit page form (campaign, creative set): the
// title with Cancel and Save, the read-only notice, the form-level error, the
// conflict notice with 'Reload latest version' (a save refused because
// someone else saved first keeps what was typed), and one disabled fieldset
// around the sections for read-only roles. Test ids start with `testId`
// ("campaign" → campaign-form, campaign-save, campaign-conflict...).
import type { FormEvent, ReactNode } from "react";
import { useRouter } from "next/navigation";
import { Button, SubmitButton } from "@/components/ui/button";
import { FormError } from "@/components/ui/field";
import { ConflictNotice } from "./conflict-notice";

export interface EntityFormFrameProps {
  formId: string;
  title: string;
  testId: string;
  /** Where Cancel goes: the record's details, or the list for a new one. */
  cancelHref: string;
  canWrite: boolean;
  submitting: boolean;
  readOnlyReason?: string | null;
  formError: string | null | undefined;
  conflict: boolean;
  onSubmit(e: FormEvent<HTMLFormElement>): void;
  children: ReactNode;
}

export function EntityFormFrame({ formId, title, testId, cancelHref, canWrite, submitting, readOnlyReason, formError, conflict, onSubmit, children }: EntityFormFrameProps) {
  const router = useRouter();
  return (
    <form
      id={formId}
      // React sends a portal's events up its React parents: a dialog's own form (a pixel created from the campaign form) must not save this one too.
      onSubmit={(e) => (e.target === e.currentTarget ? onSubmit(e) : undefined)}
      noValidate
      aria-label={title}
      data-testid={`${testId}-form`}
      className="space-y-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
        <div className="flex gap-2">
          <Button onClick={() => router.push(cancelHref)} data-testid={`${testId}-cancel`}>
            Cancel
          </Button>
          {canWrite ? <SubmitButton submitting={submitting} disabled={submitting} data-testid={`${testId}-save`} /> : null}
        </div>
      </div>
      {readOnlyReason ? (
        <p role="status" data-testid={`${testId}-read-only`} className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700">
          {readOnlyReason}
        </p>
      ) : null}
      <FormError message={formError} testId={`${testId}-form-error`} />
      <ConflictNotice conflict={conflict} onReload={() => router.refresh()} testId={testId} />
      {/* A disabled fieldset disables every control inside it, pickers included: one switch for read-only roles. */}
      <fieldset disabled={!canWrite} className="min-w-0 space-y-4">
        <legend className="sr-only">{title}</legend>
        {children}
      </fieldset>
    </form>
  );
}
