"use client";
// HLS to MP4 for one advertiser (business.md 7): 'Convert HLS to MP4' opens a
// dialog with one playlist link per line (each line checked, messages by line
// beside the field) and the ad-marking identifiers the video creatives carry
// (the creative forms' fields and rules; the click destination is the set's,
// and a set without one is refused above the form), then the advertiser's latest conversions with their
// progress and status, polled every 2 s while any is queued or running. A
// failure shows its reason; a finished one links to the creative it made.
import Link from "next/link";
import { useCallback, useEffect, useState } from "react";
import { expiredSession } from "@/components/account/session-events";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button, SubmitButton } from "@/components/ui/button";
import { FormError, TextareaField } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal";
import { listHlsConversionsAction, startHlsConversionAction } from "@/lib/creatives/convert/actions";
import {
  HlsConversionFormSchema,
  lineMessage,
  MAX_CONVERSION_URLS,
  urlsFromText,
  type ConversionView,
  type HlsConversionFormValues,
} from "@/lib/creatives/convert/schema";
import { AdMarkingFields } from "../ad-marking-fields";

export interface HlsConversionPanelProps {
  advertiserId: number;
  creativeSetId?: number;
  canWrite: boolean;
}

const POLL_MS = 2000;

const STATUS_TEXT: Record<ConversionView["status"], string> = { QUEUED: "Queued", RUNNING: "Converting", DONE: "Done", FAILED: "Failed" };

export function HlsConversionPanel({ advertiserId, creativeSetId, canWrite }: HlsConversionPanelProps) {
  const [open, setOpen] = useState(false);
  const [conversions, setConversions] = useState<ConversionView[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  // State is set in the answer's callback, never synchronously inside an effect.
  const apply = useCallback((result: Awaited<ReturnType<typeof listHlsConversionsAction>> | null) => {
    if (!result || !result.ok) {
      if (!expiredSession(result)) setLoadError(result?.formError ?? "The conversions could not be loaded");
      return;
    }
    setLoadError(null);
    setConversions(result.data);
  }, []);
  const refresh = useCallback(
    () => listHlsConversionsAction({ advertiserId }).catch(() => null).then(apply),
    [advertiserId, apply],
  );

  useEffect(() => {
    let live = true;
    listHlsConversionsAction({ advertiserId })
      .catch(() => null)
      .then((result) => {
        if (live) apply(result);
      });
    return () => {
      live = false;
    };
  }, [advertiserId, apply]);

  const busy = conversions?.some((c) => c.status === "QUEUED" || c.status === "RUNNING") ?? false;
  useEffect(() => {
    if (!busy) return;
    const timer = setInterval(() => void refresh(), POLL_MS);
    return () => clearInterval(timer);
  }, [busy, refresh]);

  return (
    <section aria-labelledby="hls-conversions-title" className="space-y-3" data-testid="hls-conversion-panel">
      <div className="flex items-center justify-between gap-2">
        <h3 id="hls-conversions-title" className="text-sm font-semibold text-slate-800">
          HLS conversions
        </h3>
        <Button variant="primary" size="sm" disabled={!canWrite} onClick={() => setOpen(true)}>
          Convert HLS to MP4
        </Button>
      </div>
      {loadError ? (
        <p role="alert" className="text-sm text-red-700">
          {loadError}
        </p>
      ) : null}
      <ConversionList conversions={conversions} />
      <ConvertDialog
        open={open}
        onOpenChange={setOpen}
        advertiserId={advertiserId}
        creativeSetId={creativeSetId}
        onStarted={() => {
          setOpen(false);
          void refresh();
        }}
      />
    </section>
  );
}

function ConversionList({ conversions }: { conversions: ConversionView[] | null }) {
  if (conversions === null) return <p className="text-sm text-slate-500">Loading conversions…</p>;
  if (conversions.length === 0) return <p className="text-sm text-slate-500">No conversions yet. Convert an HLS playlist to add its video as a creative.</p>;
  return (
    <ul className="divide-y divide-slate-200 rounded border border-slate-200" aria-live="polite">
      {conversions.map((c) => (
        <li key={c.id} className="space-y-1 p-3 text-sm" data-testid={`conversion-${c.id}`}>
          <div className="flex items-center justify-between gap-3">
            <span className="truncate font-mono text-xs text-slate-700" title={c.sourceUrl}>
              {c.sourceUrl}
            </span>
            <span className={c.status === "FAILED" ? "text-red-700" : c.status === "DONE" ? "text-green-700" : "text-slate-600"}>{STATUS_TEXT[c.status]}</span>
          </div>
          {c.status === "QUEUED" || c.status === "RUNNING" ? (
            <div
              role="progressbar"
              aria-label={`Conversion of ${c.sourceUrl}`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={c.progress}
              className="h-2 w-full overflow-hidden rounded bg-slate-200"
            >
              <div className="h-full bg-blue-600 transition-all" style={{ width: `${c.progress}%` }} />
            </div>
          ) : null}
          {c.status === "FAILED" && c.error ? <p className="text-red-700">{c.error}</p> : null}
          {c.status === "DONE" && c.creativeId ? (
            <Link href={`/creative/details/${c.creativeId}`} className="text-blue-700 underline">
              Open the creative
            </Link>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

interface ConvertDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  advertiserId: number;
  creativeSetId?: number;
  onStarted(): void;
}

const EMPTY_FORM = { urls: "", kktuCode: "", person: "", erId: "" };

function ConvertDialog({ open, onOpenChange, advertiserId, creativeSetId, onStarted }: ConvertDialogProps) {
  const { form, formId, formError, setFormError, onSubmit, submitting, errorOf } = useActionForm<Required<HlsConversionFormValues>, { ids: number[] }>({
    schema: HlsConversionFormSchema,
    defaultValues: EMPTY_FORM,
    action: ({ urls, ...identifiers }) => startHlsConversionAction({ advertiserId, videoUrls: urlsFromText(urls), creativeSetId, ...identifiers }),
    idempotent: true,
    onSuccess: () => {
      form.reset(EMPTY_FORM);
      onStarted();
    },
    // The server names links by their place in the list: shown beside the textarea, by line.
    onFailure: (failure) => {
      const byLine = Object.entries(failure.fieldErrors ?? {}).filter(([key]) => key.startsWith("videoUrls"));
      if (byLine.length === 0) return;
      form.setError("urls", { message: byLine.map(([key, message]) => lineMessage(key, message)).join(" · ") });
      setFormError(null);
    },
  });
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Convert HLS to MP4" dismissible="explicit" description="Each playlist becomes a video creative of this advertiser, with these ad-marking identifiers and the creative set's click destination.">
      <form id={formId} onSubmit={onSubmit} noValidate className="space-y-4">
        <FormError message={formError} />
        <TextareaField
          id="hls-urls"
          label="HLS playlist links"
          required
          rows={6}
          placeholder="https://cdn.example.com/video/index.m3u8"
          hint={`One link per line, at most ${MAX_CONVERSION_URLS}.`}
          error={errorOf("urls")}
          {...form.register("urls")}
        />
        <AdMarkingFields idPrefix="hls" register={form.register} errorOf={errorOf} />
        <div className="flex justify-end gap-2">
          <Button onClick={() => onOpenChange(false)}>Cancel</Button>
          <SubmitButton submitting={submitting} label="Convert" />
        </div>
      </form>
    </Modal>
  );
}
