"use client";
// 'New Feed': a name, the source (a file dropped or chosen, or an FTP/SFTP
// link with optional credentials) and an update frequency. The file goes to
// the server action as multipart FormData; its type is checked there by content.
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import * as Dialog from "@radix-ui/react-dialog";
import { createFeedAction } from "@/lib/catalog/actions";
import {
  FeedCreateSchema,
  MAX_FEED_BYTES,
  sizeLimitMessage,
  UPDATE_FREQUENCIES,
  type FeedCreateInput,
  type FeedCreateValues,
} from "@/lib/catalog/schema";
import { SERVER_ERROR_MESSAGE } from "@/lib/data/action-result";
import { expiredSession } from "@/components/account/session-events";
import { inputClass, primaryButtonClass, secondaryButtonClass } from "@/components/common/form-classes";
import { FileDropZone } from "./file-drop-zone";

const DEFAULTS: FeedCreateInput = { source: "FILE", name: "", updateFrequencyHours: 24 };

export function NewFeedDialog({
  advertiserId,
  canWrite,
  onCreated,
}: {
  advertiserId: number;
  canWrite: boolean;
  onCreated: (feedId: number) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button
          type="button"
          disabled={!canWrite}
          title={canWrite ? undefined : "Not available for your role"}
          data-testid="new-feed"
          className={primaryButtonClass}
        >
          <span aria-hidden="true">+</span> New Feed
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content
          data-testid="new-feed-dialog"
          aria-describedby={undefined}
          className="fixed top-1/2 left-1/2 z-50 max-h-[92vh] w-[min(94vw,520px)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl focus:outline-none"
        >
          <Dialog.Title className="text-lg font-semibold text-slate-900">New Feed</Dialog.Title>
          {open && (
            <NewFeedForm
              advertiserId={advertiserId}
              onCancel={() => setOpen(false)}
              onCreated={(id) => {
                setOpen(false);
                onCreated(id);
              }}
            />
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function NewFeedForm({ advertiserId, onCancel, onCreated }: { advertiserId: number; onCancel: () => void; onCreated: (id: number) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FeedCreateInput, unknown, FeedCreateValues>({ resolver: zodResolver(FeedCreateSchema), defaultValues: DEFAULTS });
  const source = useWatch({ control, name: "source" });
  const fieldError = (name: string) => (errors as Record<string, { message?: string } | undefined>)[name]?.message;

  const chooseFile = (chosen: File | null) => {
    setFile(chosen);
    setFileError(chosen && chosen.size > MAX_FEED_BYTES ? sizeLimitMessage() : null);
  };

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    if (values.source === "FILE" && !file) return setFileError("Choose a CSV, TSV, XML or ZIP file to upload");
    if (fileError && values.source === "FILE") return;
    const data = new FormData();
    for (const [key, value] of Object.entries(values)) data.append(key, String(value ?? ""));
    if (values.source === "FILE" && file) data.append("file", file);
    const result = await createFeedAction(advertiserId, data);
    if (result.ok) return onCreated(result.data.id);
    if (expiredSession(result)) return;
    for (const [field, message] of Object.entries(result.fieldErrors ?? {})) {
      if (field === "file") setFileError(message);
      else setError(field as keyof FeedCreateInput, { message });
    }
    setFormError(result.formError ?? null);
  });

  return (
    <form
      noValidate
      aria-label="New Feed"
      className="mt-5 space-y-4"
      onSubmit={(e) => void onSubmit(e).catch(() => setFormError(SERVER_ERROR_MESSAGE))}
    >
      {formError && (
        <div role="alert" data-testid="new-feed-error" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
          {formError}
        </div>
      )}
      <Field id="feed-name" label="Name" error={fieldError("name")}>
        <input id="feed-name" className={inputClass} aria-invalid={!!fieldError("name") || undefined} {...register("name")} />
      </Field>

      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-700">Source</legend>
        <div className="flex gap-5 text-sm">
          <label className="inline-flex items-center gap-2">
            <input type="radio" value="FILE" {...register("source")} /> Upload file
          </label>
          <label className="inline-flex items-center gap-2">
            <input type="radio" value="LINK" {...register("source")} /> FTP/SFTP link
          </label>
        </div>
      </fieldset>

      {source === "FILE" ? (
        <FileDropZone file={file} error={fileError} onChange={chooseFile} />
      ) : (
        <div className="space-y-4">
          <Field id="feed-link" label="Link" error={fieldError("link")}>
            <input
              id="feed-link"
              className={inputClass}
              placeholder="ftp://host/path/feed.csv"
              aria-invalid={!!fieldError("link") || undefined}
              {...register("link")}
            />
          </Field>
          <div className="grid grid-cols-2 gap-3">
            <Field id="feed-username" label="Username (optional)" error={fieldError("username")}>
              <input id="feed-username" autoComplete="off" className={inputClass} {...register("username")} />
            </Field>
            <Field id="feed-password" label="Password (optional)" error={fieldError("password")}>
              <input id="feed-password" type="password" autoComplete="new-password" className={inputClass} {...register("password")} />
            </Field>
          </div>
        </div>
      )}

      <Field id="feed-frequency" label="Update frequency" error={fieldError("updateFrequencyHours")}>
        <select id="feed-frequency" className={inputClass} {...register("updateFrequencyHours")}>
          {UPDATE_FREQUENCIES.map((f) => (
            <option key={f.hours} value={f.hours}>
              {f.label}
            </option>
          ))}
        </select>
      </Field>

      <div className="flex justify-end gap-3 pt-2">
        <button type="button" className={secondaryButtonClass} onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className={primaryButtonClass} disabled={isSubmitting} data-testid="create-feed">
          {isSubmitting ? "Saving..." : "Create Feed"}
        </button>
      </div>
    </form>
  );
}

export function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: React.ReactNode }) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      {error && (
        <p className="text-xs text-red-600" data-testid={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
