"use client";
// The generic image upload modal (business.md 2, shell.md 5): drop zone or
// click, a progress bar while the files go up, a four-column preview grid
// (at most 500 px high), refused files listed by name with the reason, Cancel
// and Save. Save is disabled until a file is uploaded; a new upload replaces
// the earlier ones unless `multiple`. Save adds the uploads to the advertiser's
// library and hands the saved images to `onSaved`; Cancel removes the uploads
// that were never saved.
import { useRef, useState } from "react";
import { expiredSession } from "@/components/account/session-events";
import { addImagesAction, discardUploadsAction } from "@/lib/images/actions";
import {
  acceptAttribute,
  IMAGE_RULES,
  KIND_TEXT,
  precheckFile,
  savingText,
  type ImageItem,
  type ImageKind,
  type UploadedImage,
  type UploadFileError,
} from "@/lib/images/schema";
import { SERVER_ERROR_MESSAGE } from "@/lib/actions/result";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { FileDropZone } from "@/components/ui/file-drop-zone";
import { sendImageUpload } from "./upload-request";

export interface ImageUploadModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  advertiserId: number;
  kind: ImageKind;
  /** Several files per upload, and later uploads add to earlier ones (default true). */
  multiple?: boolean;
  /** After Save: the images now in the library. */
  onSaved: (images: ImageItem[]) => void;
}

function ruleHint(kind: ImageKind): string {
  const rule = IMAGE_RULES[kind];
  const size = rule.dimensions ? `, exactly ${rule.dimensions.map((d) => `${d.width}x${d.height}`).join(" or ")} pixels` : "";
  return `${rule.extensions.map((e) => `.${e}`).join(", ")} up to ${rule.maxKb} KB${size}`;
}

function UploadProgress({ progress }: { progress: number }) {
  return (
    <div data-testid="image-upload-progress" role="progressbar" aria-label="Upload progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress}>
      <div className="h-2 overflow-hidden rounded-full bg-slate-200">
        <div className="h-full bg-primary transition-[width]" style={{ width: `${progress}%` }} />
      </div>
      <p className="mt-1 text-xs text-slate-500">Uploading... {progress}%</p>
    </div>
  );
}

/** The uploads not saved yet, four a row, each with its size and a remove button. */
function UploadPreviews({ uploaded, busy, onRemove }: { uploaded: UploadedImage[]; busy: boolean; onRemove: (image: UploadedImage) => void }) {
  return (
    <div className="max-h-[500px] overflow-y-auto" data-testid="image-upload-previews">
      <ul className="grid grid-cols-4 gap-3">
        {uploaded.map((image) => (
          <li key={image.url} data-testid="image-upload-preview" className="relative overflow-hidden rounded-md border border-slate-200 bg-slate-50">
            {/* eslint-disable-next-line @next/next/no-img-element -- served by our own file route */}
            <img src={image.url} alt={image.name} className="aspect-square w-full object-contain" />
            <div className="border-t border-slate-200 bg-white px-2 py-1 text-xs">
              <p className="truncate font-medium text-slate-800" title={image.name}>
                {image.name}
              </p>
              <p className="text-slate-500">
                {image.width}x{image.height}
              </p>
            </div>
            <button
              type="button"
              aria-label={`Remove ${image.name}`}
              disabled={busy}
              onClick={() => onRemove(image)}
              className="absolute top-1 right-1 rounded-full bg-white/90 px-1.5 text-sm leading-5 text-slate-600 shadow hover:text-red-600"
            >
              ×
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function ImageUploadModal({ open, onOpenChange, advertiserId, kind, multiple = true, onSaved }: ImageUploadModalProps) {
  const [uploaded, setUploaded] = useState<UploadedImage[]>([]);
  const [errors, setErrors] = useState<UploadFileError[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const inFlight = useRef<AbortController | null>(null);
  const busy = progress !== null || saving;

  const discard = (images: UploadedImage[]) => {
    if (images.length > 0) void discardUploadsAction({ advertiserId, urls: images.map((i) => i.url) }).catch(() => {});
  };

  const reset = () => {
    inFlight.current?.abort();
    setUploaded([]);
    setErrors([]);
    setProgress(null);
    setFormError(null);
  };

  const close = () => {
    discard(uploaded);
    reset();
    onOpenChange(false);
  };

  const upload = async (files: File[]) => {
    setFormError(null);
    const refused = files.flatMap((f) => {
      const message = precheckFile(kind, f);
      return message ? [{ name: f.name, message }] : [];
    });
    const accepted = files.filter((f) => !precheckFile(kind, f));
    // Earlier uploads are cleared unless multiple uploads are allowed.
    if (!multiple) {
      discard(uploaded);
      setUploaded([]);
    }
    setErrors(refused);
    if (accepted.length === 0) return;
    const controller = new AbortController();
    inFlight.current = controller;
    setProgress(0);
    try {
      const result = await sendImageUpload({ advertiserId, kind, files: accepted, onProgress: setProgress, signal: controller.signal });
      if (controller.signal.aborted) return;
      setUploaded((prev) => (multiple ? [...prev, ...result.data] : result.data));
      setErrors([...refused, ...result.errors]);
    } catch (e) {
      if (controller.signal.aborted) return;
      // The upload route answers 401 to a refused session (shell.md 8): an UploadRequestError with that status.
      if (expiredSession({ ok: false, status: (e as { status?: number } | null)?.status })) return;
      setFormError(e instanceof Error ? e.message : SERVER_ERROR_MESSAGE);
    } finally {
      if (inFlight.current === controller) {
        inFlight.current = null;
        setProgress(null);
      }
    }
  };

  const save = async () => {
    setSaving(true);
    setFormError(null);
    try {
      const result = await addImagesAction({ advertiserId, kind, urls: uploaded.map((u) => u.url) });
      if (expiredSession(result)) return;
      if (!result.ok) {
        setFormError(Object.values(result.fieldErrors ?? {})[0] ?? result.formError ?? SERVER_ERROR_MESSAGE);
        return;
      }
      reset();
      onOpenChange(false);
      onSaved(result.data);
    } catch {
      setFormError(SERVER_ERROR_MESSAGE);
    } finally {
      setSaving(false);
    }
  };

  const remove = (image: UploadedImage) => {
    discard([image]);
    setUploaded((prev) => prev.filter((u) => u.url !== image.url));
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : !saving && close())}
      title={`Upload ${KIND_TEXT[kind].title.toLowerCase()}`}
      width="min(94vw, 760px)"
      testId="image-upload-modal"
      footer={
        <>
          {saving && <span className="mr-auto self-center text-sm text-slate-500">{savingText(kind)}</span>}
          <Button onClick={close} disabled={saving}>
            Cancel
          </Button>
          <Button variant="primary" onClick={() => void save()} disabled={uploaded.length === 0 || busy} data-testid="image-upload-save">
            Save
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4 px-5 py-4">
        <FileDropZone
          accept={acceptAttribute(kind)}
          multiple={multiple}
          disabled={busy}
          hint={ruleHint(kind)}
          onFiles={(f) => void upload(f)}
          noun={{ one: "an image", many: "images" }}
          testId="image"
          inputLabel="Choose image files"
        />

        {progress !== null && <UploadProgress progress={progress} />}

        {errors.length > 0 && (
          <ul role="alert" data-testid="image-upload-errors" className="space-y-1 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
            {errors.map((e, i) => (
              <li key={`${e.name}-${i}`} data-testid="image-upload-error">
                <span className="font-medium">{e.name}</span>: {e.message}
              </li>
            ))}
          </ul>
        )}
        {formError && (
          <p role="alert" data-testid="image-upload-form-error" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
            {formError}
          </p>
        )}

        {uploaded.length > 0 && <UploadPreviews uploaded={uploaded} busy={busy} onRemove={remove} />}
      </div>
    </Modal>
  );
}
