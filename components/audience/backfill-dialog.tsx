"use client";
// The Backfill dialog of the audience details (business.md 2, 4, 5, 8): a
// query template with its parameters (never SQL), targeted and excluded
// events, the schedule (only once by default, once a day, once a week),
// 'Validate query' (15 s: 'Query verified successfully', exactly, with the
// matching users on a line of their own, or 'Timeout, you can still submit
// the query'), then Backfill after a confirmation. The same zod
// schema as the server checks each field here first; the server's field
// errors land on the same fields.
import { useState } from "react";
import { addBackfillRuleAction, validateBackfillQueryAction } from "@/lib/audiences/backfill/actions";
import {
  BACKFILL_LIMITS,
  BACKFILL_MESSAGES as M,
  backfillRuleSchema,
  SCHEDULE_LABELS,
  templateHasParam,
  templatesFor,
  type BackfillAudience,
  type BackfillInput,
} from "@/lib/audiences/backfill/query";
import type { BackfillStatus } from "@/lib/audiences/backfill/service";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FormError, InputField, SelectField } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal";

type Values = Required<{ [K in keyof BackfillInput]: string }>;
/** The server's message as it is; `users`: the verified query's count, shown on its own line. */
type Check = { tone: "ok" | "warn"; text: string; users?: number } | null;

const initialValues = (template: string): Values => ({
  template, event: "", text: "", minCount: "1", days: String(BACKFILL_LIMITS.days.default), schedule: "ONCE", targetedEvents: "", excludedEvents: "",
});

export interface BackfillDialogProps {
  audienceId: number;
  audience: BackfillAudience;
  open: boolean;
  onClose: () => void;
  /** The rule was added and its run queued. */
  onQueued: (status: BackfillStatus) => void;
}

export function BackfillDialog({ audienceId, audience, open, onClose, onQueued }: BackfillDialogProps) {
  const templates = templatesFor(audience.source, audience.kind);
  const [values, setValues] = useState<Values>(() => initialValues(templates[0]?.id ?? ""));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [check, setCheck] = useState<Check>(null);
  const [busy, setBusy] = useState<"validate" | "backfill" | null>(null);
  const [confirming, setConfirming] = useState(false);
  const has = (param: "event" | "text" | "minCount" | "days") => templateHasParam(values.template, param);
  const ipBackfill = audience.kind === "IP_BACKFILL";

  const set = (field: keyof Values) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => key !== field)));
    setCheck(null);
  };

  /** An event list: required for IP backfill audiences (business.md 5). */
  const eventsField = (field: "targetedEvents" | "excludedEvents", id: string, label: string, hint: string) => (
    <InputField id={id} label={label} required={ipBackfill} hint={hint} value={values[field]} onChange={set(field)} error={errors[field]} />
  );

  /** Field errors of the shared schema; true when the query is whole. */
  function checkLocally(): boolean {
    const parsed = backfillRuleSchema(audience).safeParse(values);
    if (parsed.success) return true;
    setErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path.join("."), i.message])));
    return false;
  }

  function showFailure(result: { fieldErrors?: Record<string, string>; formError?: string }, fallback: string) {
    setErrors(result.fieldErrors ?? {});
    setFormError(result.fieldErrors ? null : (result.formError ?? fallback));
  }

  async function validate() {
    setFormError(null);
    setCheck(null);
    if (!checkLocally()) return;
    setBusy("validate");
    const result = await validateBackfillQueryAction({ audienceId, ...values });
    setBusy(null);
    if (!result.ok) return showFailure(result, M.failed);
    const v = result.data;
    setCheck(v.status === "VERIFIED" ? { tone: "ok", text: v.message, users: v.users } : { tone: "warn", text: v.message });
  }

  function askToBackfill() {
    setFormError(null);
    if (checkLocally()) setConfirming(true);
  }

  async function backfill() {
    setBusy("backfill");
    const result = await addBackfillRuleAction({ audienceId, ...values });
    setBusy(null);
    setConfirming(false);
    if (!result.ok) return showFailure(result, M.failed);
    onQueued(result.data);
  }

  return (
    <>
      <Modal
        open={open}
        onOpenChange={(next) => !next && busy === null && onClose()}
        title="Backfill audience"
        description="Add the users of the advertiser's stored events that a query selects."
        dismissible="explicit"
        testId="backfill-dialog"
        footer={
          <>
            <Button onClick={onClose} disabled={busy !== null}>
              Cancel
            </Button>
            <Button onClick={validate} busy={busy === "validate"} disabled={busy !== null} data-testid="backfill-validate">
              Validate query
            </Button>
            <Button variant="primary" onClick={askToBackfill} disabled={busy !== null} data-testid="backfill-submit">
              Backfill
            </Button>
          </>
        }
      >
        <div className="grid grid-cols-1 gap-4 px-5 py-4 sm:grid-cols-2">
          <SelectField id="backfill-template" label="Query template" required className="sm:col-span-2" value={values.template} onChange={set("template")} error={errors.template}>
            {templates.map((t) => (
              <option key={t.id} value={t.id}>
                {t.label}
              </option>
            ))}
          </SelectField>
          {has("event") ? (
            <InputField id="backfill-event" label="Event name" required placeholder="af_purchase" value={values.event} onChange={set("event")} error={errors.event} />
          ) : null}
          {has("text") ? (
            <InputField
              id="backfill-text"
              label={values.template === "REFERRED_FROM" ? "Referrer URL contains" : "Page URL contains"}
              required
              placeholder="/product"
              value={values.text}
              onChange={set("text")}
              error={errors.text}
            />
          ) : null}
          {has("minCount") ? <InputField id="backfill-count" label="At least (times)" inputMode="numeric" value={values.minCount} onChange={set("minCount")} error={errors.minCount} /> : null}
          {has("days") ? (
            <InputField id="backfill-days" label="In the last (days)" required inputMode="numeric" value={values.days} onChange={set("days")} error={errors.days} />
          ) : null}
          {eventsField("targetedEvents", "backfill-targeted", "Targeted events", "Comma-separated: users who fired at least one of them")}
          {eventsField("excludedEvents", "backfill-excluded", "Excluded events", "Comma-separated: users who fired none of them")}
          <SelectField id="backfill-schedule" label="Schedule" value={values.schedule} onChange={set("schedule")} error={errors.schedule}>
            {Object.entries(SCHEDULE_LABELS).map(([id, label]) => (
              <option key={id} value={id}>
                {label}
              </option>
            ))}
          </SelectField>
          {check ? (
            <div role="status" className={`rounded-md px-3 py-2 text-sm sm:col-span-2 ${check.tone === "ok" ? "bg-emerald-50 text-emerald-800" : "bg-amber-50 text-amber-800"}`}>
              <p data-testid="backfill-check">{check.text}</p>
              {check.users === undefined ? null : <p data-testid="backfill-check-users">Matching users: {check.users.toLocaleString("en-US")}</p>}
            </div>
          ) : null}
          <div className="sm:col-span-2">
            <FormError message={formError} testId="backfill-form-error" />
          </div>
        </div>
      </Modal>
      <ConfirmDialog
        open={confirming}
        title="Backfill audience"
        message="The users the query selects are added to this audience now (and on the chosen schedule). Backfill?"
        confirmLabel="Backfill"
        busy={busy === "backfill"}
        onConfirm={backfill}
        onCancel={() => setConfirming(false)}
        testId="backfill-confirm"
      />
    </>
  );
}
