"use client";
// The remote upload schedule dialog of a CRM audience (business.md 3, 5, 9):
// protocol and URL without its protocol, encoding, compression, every N days
// or hours (default 14 days), username and password (blank keeps the stored
// one; never shown). 'Check remote connection' tries the values as typed
// without saving them; Save stores them (versioned: a schedule saved by
// someone else in between is refused with its message). Every message sits
// beside its field, from the same schema the server applies.
import { useState } from "react";
import { checkRemoteConnectionAction, saveRemoteScheduleAction } from "@/lib/audiences/remote/actions";
import {
  REMOTE_COMPRESSIONS,
  REMOTE_DEFAULTS,
  REMOTE_PROTOCOLS,
  RemoteScheduleSchema,
  type RemoteScheduleInput,
  type RemoteScheduleView,
} from "@/lib/audiences/remote/schema";
import { CRM_ENCODINGS } from "@/lib/audiences/upload/files";
import { Button } from "@/components/ui/button";
import { InputField, SelectField } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal";
import { PasswordField } from "@/components/ui/password-input";
import { ENCODING_LABELS } from "./upload-crm-file";

type Values = Required<{ [K in keyof RemoteScheduleInput]: string }>;
type Errors = Partial<Record<keyof Values, string>>;

const startValues = (s: RemoteScheduleView | null): Values => ({
  url: s?.url ?? "",
  protocol: s?.protocol ?? REMOTE_DEFAULTS.protocol,
  encoding: s?.encoding ?? REMOTE_DEFAULTS.encoding,
  compression: s?.compression ?? REMOTE_DEFAULTS.compression,
  frequencyValue: String(s?.frequencyValue ?? REMOTE_DEFAULTS.frequencyValue),
  frequencyUnit: s?.frequencyUnit ?? REMOTE_DEFAULTS.frequencyUnit,
  username: s?.username ?? "",
  password: "",
});

/** The first message of each field, as the server would answer (the form holds text; the schema checks the choices). */
function clientErrors(values: Values): Errors {
  const parsed = RemoteScheduleSchema.safeParse(values);
  if (parsed.success) return {};
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? "url") as keyof Values;
    errors[key] ??= issue.message;
  }
  return errors;
}

interface Props {
  audienceId: number;
  schedule: RemoteScheduleView | null;
  open: boolean;
  onOpenChange(open: boolean): void;
  onSaved(schedule: RemoteScheduleView): void;
}

export function RemoteScheduleDialog({ audienceId, schedule, open, onOpenChange, onSaved }: Props) {
  const [values, setValues] = useState<Values>(() => startValues(schedule));
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [check, setCheck] = useState<{ ok: boolean; message: string } | null>(null);
  const [busy, setBusy] = useState<"check" | "save" | null>(null);
  const set = (key: keyof Values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value }));
  const id = (key: keyof Values) => `remote-${key}`;

  /** Client checks first; then the server's answer, its field messages beside the fields. */
  async function run<T>(kind: "check" | "save", send: () => Promise<{ ok: true; data: T } | { ok: false; formError?: string; fieldErrors?: Record<string, string> }>) {
    const found = clientErrors(values);
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length) return null;
    setBusy(kind);
    const result = await send();
    setBusy(null);
    if (result.ok) return result.data;
    setErrors((result.fieldErrors ?? {}) as Errors);
    setFormError(result.formError ?? null);
    return null;
  }

  async function checkConnection() {
    setCheck(null);
    const answer = await run("check", () => checkRemoteConnectionAction({ id: audienceId, ...(values as RemoteScheduleInput) }));
    if (answer) setCheck(answer);
  }

  async function save() {
    const saved = await run("save", () => saveRemoteScheduleAction({ id: audienceId, version: schedule?.version ?? null, ...(values as RemoteScheduleInput) }));
    if (saved) onSaved(saved);
  }

  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Remote upload schedule" dismissible="explicit" testId="remote-schedule-dialog">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <SelectField id={id("protocol")} label="Protocol" required error={errors.protocol} value={values.protocol} onChange={set("protocol")}>
          {REMOTE_PROTOCOLS.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </SelectField>
        <InputField
          id={id("url")}
          label="URL"
          required
          className="sm:col-span-2"
          placeholder="files.example.com/audiences/users.csv"
          hint="Without the protocol: host, optional :port, and the file's path"
          autoComplete="off"
          error={errors.url}
          value={values.url}
          onChange={set("url")}
        />
        <SelectField id={id("encoding")} label="Encoding" required className="sm:col-span-2" error={errors.encoding} value={values.encoding} onChange={set("encoding")}>
          {CRM_ENCODINGS.map((e) => (
            <option key={e} value={e}>
              {ENCODING_LABELS[e]}
            </option>
          ))}
        </SelectField>
        <SelectField id={id("compression")} label="Compression" required error={errors.compression} value={values.compression} onChange={set("compression")}>
          {REMOTE_COMPRESSIONS.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </SelectField>
        <InputField id={id("frequencyValue")} label="Every" required inputMode="numeric" error={errors.frequencyValue} value={values.frequencyValue} onChange={set("frequencyValue")} />
        <SelectField id={id("frequencyUnit")} label="Unit" required error={errors.frequencyUnit} value={values.frequencyUnit} onChange={set("frequencyUnit")}>
          <option value="DAY">Days</option>
          <option value="HOUR">Hours</option>
        </SelectField>
        <div />
        <InputField id={id("username")} label="Username" autoComplete="off" error={errors.username} value={values.username} onChange={set("username")} />
        <PasswordField
          id={id("password")}
          label="Password"
          className="sm:col-span-2"
          autoComplete="new-password"
          hint={schedule?.hasPassword ? "A password is stored: leave blank to keep it" : undefined}
          error={errors.password}
          value={values.password}
          onChange={set("password")}
        />
      </div>
      {check ? (
        <p className={`mt-3 text-sm ${check.ok ? "text-emerald-700" : "text-red-600"}`} role="status" data-testid="remote-check-result">
          {check.message}
        </p>
      ) : null}
      {formError ? (
        <p className="mt-3 text-sm text-red-600" role="alert" data-testid="remote-schedule-error">
          {formError}
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <Button onClick={checkConnection} busy={busy === "check"} disabled={busy !== null} data-testid="remote-check">
          Check remote connection
        </Button>
        <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy !== null}>
          Cancel
        </Button>
        <Button variant="primary" onClick={save} busy={busy === "save"} disabled={busy !== null} data-testid="remote-save">
          Save
        </Button>
      </div>
    </Modal>
  );
}
