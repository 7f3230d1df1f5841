"use client";
// 'New Feed': a name, the source (a file dropped or chosen, or an FTP/SFTP
// link with optional credentials) and an update frequency. The file goes to
// the server action as multipart FormData; its type is checked there by content.
import { useState } from "react";
import { useWatch } from "react-hook-form";
import { createFeedAction } from "@/lib/catalog/actions";
import {
  FeedCreateSchema,
  MAX_FEED_BYTES,
  sizeLimitMessage,
  type FeedCreateInput,
} from "@/lib/catalog/schema";
import { FormError, InputField, SelectField } from "@/components/ui/field";
import { useEntityForm } from "@/components/forms/use-entity-form";
import { Button, SubmitButton } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { FileDropZone } from "./file-drop-zone";
import { UpdateFrequencyOptions } from "./update-frequency-options";

const DEFAULTS: FeedCreateInput = { source: "FILE", name: "", updateFrequencyHours: 24 };
/** The form's values: the feed's fields and the chosen file (its message shows beside the drop zone). */
type NewFeedValues = FeedCreateInput & { file: File | null };
const FILE_REQUIRED = "Choose a CSV, TSV, XML or ZIP file to upload";

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
    <>
      <Button
        variant="primary"
        disabled={!canWrite}
        title={canWrite ? undefined : "Not available for your role"}
        data-testid="new-feed"
        onClick={() => setOpen(true)}
      >
        <span aria-hidden="true">+</span> New Feed
      </Button>
      <Modal open={open} onOpenChange={setOpen} title="New Feed" width="min(94vw, 520px)" testId="new-feed-dialog">
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
      </Modal>
    </>
  );
}

function NewFeedForm({ advertiserId, onCancel, onCreated }: { advertiserId: number; onCancel: () => void; onCreated: (id: number) => void }) {
  const [file, setFile] = useState<File | null>(null);
  // The size is checked as soon as a file is chosen, before anything is sent.
  const [sizeError, setSizeError] = useState<string | null>(null);
  // Only writers open the dialog (the button is disabled for the others); it never warned on leaving.
  const { form, formError, onSubmit, submitting, errorOf } = useEntityForm<NewFeedValues, { id: number }>({
    mode: "create",
    schema: FeedCreateSchema,
    initial: { ...DEFAULTS, file: null },
    canWrite: true,
    warnUnsaved: false,
    create: async (values) => {
      if (values.source === "FILE" && !file) return { ok: false, status: 400, fieldErrors: { file: FILE_REQUIRED } };
      if (values.source === "FILE" && sizeError) return { ok: false, status: 400, fieldErrors: { file: sizeError } };
      const data = new FormData();
      data.append("advertiserId", String(advertiserId));
      for (const [key, value] of Object.entries(values)) if (key !== "file") data.append(key, String(value ?? ""));
      if (values.source === "FILE" && file) data.append("file", file);
      return createFeedAction(data);
    },
    onSaved: (feed) => onCreated(feed.id),
  });
  const { register, control } = form;
  const source = useWatch({ control, name: "source" });
  const fieldError = (name: "name" | "link" | "username" | "password" | "updateFrequencyHours") => errorOf(name as never);

  const chooseFile = (chosen: File | null) => {
    setFile(chosen);
    form.clearErrors("file");
    setSizeError(chosen && chosen.size > MAX_FEED_BYTES ? sizeLimitMessage() : null);
  };

  return (
    <form
      noValidate
      aria-label="New Feed"
      className="space-y-4 px-5 py-4"
      onSubmit={(e) => void onSubmit(e)}
    >
      <FormError message={formError} testId="new-feed-error" />
      <InputField id="feed-name" label="Name" error={fieldError("name")} {...register("name")} />

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
        <FileDropZone file={file} error={sizeError ?? errorOf("file") ?? null} onChange={chooseFile} />
      ) : (
        <div className="space-y-4">
          <InputField id="feed-link" label="Link" error={fieldError("link")} placeholder="ftp://host/path/feed.csv" {...register("link")} />
          <div className="grid grid-cols-2 gap-3">
            <InputField id="feed-username" label="Username (optional)" error={fieldError("username")} autoComplete="off" {...register("username")} />
            <InputField
              id="feed-password"
              label="Password (optional)"
              error={fieldError("password")}
              type="password"
              autoComplete="new-password"
              {...register("password")}
            />
          </div>
        </div>
      )}

      <SelectField id="feed-frequency" label="Update frequency" error={fieldError("updateFrequencyHours")} {...register("updateFrequencyHours")}>
        <UpdateFrequencyOptions />
      </SelectField>

      <div className="flex justify-end gap-3 pt-2">
        <Button onClick={onCancel}>Cancel</Button>
        <SubmitButton submitting={submitting} label="Create Feed" disabled={submitting} data-testid="create-feed" />
      </div>
    </form>
  );
}
