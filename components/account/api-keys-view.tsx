"use client";
// Generate API Key (shell.md 2.1, 6): create a key (shown once, with a copy
// button) with its expiry and scope, list the user's keys, revoke one after
// confirmation. Read-only users see the list with creation disabled.
import { useMemo, useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { createApiKeyAction, revokeApiKeyAction } from "@/lib/account/actions";
import {
  ApiKeyCreateSchema,
  API_KEY_DEFAULT_EXPIRY,
  API_KEY_DEFAULT_SCOPE,
  API_KEY_EXPIRY_CHOICES,
  API_KEY_NAME_MAX,
  API_KEY_SCOPES,
  apiKeyScopeName,
  type ApiKeyCreateInput,
  type ApiKeyView,
} from "@/lib/account/api-key-schema";
import { SERVER_ERROR_MESSAGE } from "@/lib/actions/result";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { createDataColumns, DataTable } from "@/components/ui/data-table";
import { FormError, InputField, SelectField } from "@/components/ui/field";
import { useActionForm } from "@/components/forms/use-action-form";
import { useHydrated } from "@/components/ui/use-hydrated";
import { Notice, useNotice } from "./notice";
import { expiredSession } from "./session-events";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** D MMM YYYY HH:mm in UTC: the same text on the server and in every browser. */
export function formatUtc(iso: string | null): string {
  if (!iso) return "Never";
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`;
}

const keyColumn = createDataColumns<ApiKeyView>();

function keyColumns(onRevoke: (key: ApiKeyView) => void) {
  const muted = { cellClassName: "text-slate-600" };
  return [
    keyColumn.accessor("name", { id: "name", header: "Name", meta: { cellClassName: "font-medium text-slate-900" } }),
    keyColumn.accessor("prefix", { id: "key", header: "Key", cell: ({ row }) => `dsp_${row.original.prefix}_…`, meta: { cellClassName: "font-mono text-xs text-slate-600" } }),
    keyColumn.accessor("scope", { id: "scope", header: "Scope", cell: ({ row }) => apiKeyScopeName(row.original.scope), meta: muted }),
    keyColumn.accessor("createdAt", { id: "created", header: "Created", cell: ({ row }) => formatUtc(row.original.createdAt), meta: muted }),
    keyColumn.accessor("expiresAt", { id: "expires", header: "Expires", cell: ({ row }) => formatUtc(row.original.expiresAt), meta: muted }),
    keyColumn.accessor("lastUsedAt", { id: "lastUsed", header: "Last used", cell: ({ row }) => formatUtc(row.original.lastUsedAt), meta: muted }),
    keyColumn.accessor("status", { id: "status", header: "Status", cell: ({ row }) => <KeyStatus apiKey={row.original} /> }),
    keyColumn.display({
      id: "revoke",
      header: () => <span className="sr-only">Action</span>,
      meta: { cellClassName: "text-right" },
      cell: ({ row }) =>
        row.original.revokedAt ? null : (
          <Button variant="danger-link" onClick={() => onRevoke(row.original)}>
            Revoke
          </Button>
        ),
    }),
  ];
}

function KeyStatus({ apiKey }: { apiKey: ApiKeyView }) {
  if (apiKey.status === "REVOKED") {
    return (
      <span className="text-red-700" title={formatUtc(apiKey.revokedAt)}>
        Revoked
      </span>
    );
  }
  return apiKey.status === "EXPIRED" ? <span className="text-amber-700">Expired</span> : <span className="text-emerald-700">Active</span>;
}

export function ApiKeysView({ keys, canCreate }: { keys: ApiKeyView[]; canCreate: boolean }) {
  const router = useRouter();
  const { notice, show } = useNotice();
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyView | null>(null);
  const [busy, setBusy] = useState(false);

  const columns = useMemo(() => keyColumns((key) => setRevoking(key)), []);

  async function revoke(key: ApiKeyView) {
    setBusy(true);
    try {
      const result = await revokeApiKeyAction({ id: key.id });
      if (result.ok) {
        show("success", `API key ${key.name} revoked`);
        router.refresh();
      } else if (!expiredSession(result)) show("error", result.formError ?? SERVER_ERROR_MESSAGE);
    } catch {
      show("error", SERVER_ERROR_MESSAGE);
    } finally {
      setBusy(false);
      setRevoking(null);
    }
  }

  return (
    <div className="max-w-4xl space-y-6">
      <div>
        <h1 className="text-xl font-semibold text-slate-900">Generate API Key</h1>
        <p className="mt-1 text-sm text-slate-600">
          A key calls the REST API (<code>/api/v1</code>) as you, in this licensee, with your role here. Send it as{" "}
          <code>Authorization: Bearer &lt;key&gt;</code>. The{" "}
          <Link href="/home/api_reference" className="font-medium text-primary underline-offset-2 hover:underline" data-testid="api-reference-link">
            API reference
          </Link>{" "}
          lists every endpoint.
        </p>
        <p className="mt-1 text-sm text-slate-600" data-testid="api-key-revocation-note">
          Changing your password or ending all sessions also revokes your API keys.
        </p>
      </div>

      <CreateKeyForm
        canCreate={canCreate}
        onCreated={(name, secret) => {
          setCreated({ name, secret });
          router.refresh();
        }}
      />

      {created && <NewKeyPanel name={created.name} secret={created.secret} onDone={() => setCreated(null)} />}

      <section aria-labelledby="api-keys-heading" className="rounded-lg border border-slate-200 bg-white">
        <h2 id="api-keys-heading" className="border-b border-slate-100 px-4 py-3 text-sm font-semibold text-slate-900">
          Your API keys
        </h2>
        <DataTable
          columns={columns}
          rows={keys}
          rowId={(k) => k.id}
          emptyText="No API keys yet."
          density="compact"
          className=""
          label="Your API keys"
          rowAttributes={() => ({ "data-testid": "api-key-row" })}
        />
      </section>

      <ConfirmDialog
        open={revoking !== null}
        busy={busy}
        title="Revoke API key"
        message={`Revoke the API key ${revoking?.name ?? ""}? Programs using it will stop working at once. This cannot be undone.`}
        confirmLabel="Revoke"
        onConfirm={() => revoking && void revoke(revoking)}
        onCancel={() => setRevoking(null)}
      />
      <Notice notice={notice} />
    </div>
  );
}

function CreateKeyForm({ canCreate, onCreated }: { canCreate: boolean; onCreated: (name: string, secret: string) => void }) {
  const { form, formError, onSubmit, submitting } = useActionForm<ApiKeyCreateInput, { key: ApiKeyView; secret: string }>({
    schema: ApiKeyCreateSchema,
    defaultValues: { name: "", expiresInDays: API_KEY_DEFAULT_EXPIRY, scope: API_KEY_DEFAULT_SCOPE },
    action: (values) => createApiKeyAction(values),
    idempotent: true,
    onSuccess: (created) => {
      form.reset();
      onCreated(created.key.name, created.secret);
    },
  });
  const {
    register,
    formState: { errors },
  } = form;
  // Until React owns the page a press on Generate would submit the bare HTML form and lose the choices.
  const hydrated = useHydrated();

  return (
    <form noValidate aria-label="Create API key" onSubmit={(e) => void onSubmit(e)} className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="mb-3 empty:hidden">
        <FormError message={formError} testId="api-key-form-error" />
      </div>
      <fieldset disabled={!canCreate || submitting || !hydrated} className="flex flex-wrap items-start gap-3 disabled:opacity-60">
        <InputField
          id="api-key-name"
          label="Key name"
          className="min-w-64 flex-1"
          maxLength={API_KEY_NAME_MAX}
          placeholder="e.g. Reporting script"
          error={errors.name?.message}
          {...register("name")}
        />
        <SelectField id="api-key-expiry" label="Expires after" controlWidth="w-auto" error={errors.expiresInDays?.message} {...register("expiresInDays")}>
          {API_KEY_EXPIRY_CHOICES.map((days) => (
            <option key={days} value={days}>
              {days} days
            </option>
          ))}
        </SelectField>
        <SelectField id="api-key-scope" label="Access" controlWidth="w-auto" error={errors.scope?.message} {...register("scope")}>
          {API_KEY_SCOPES.map((scope) => (
            <option key={scope.id} value={scope.id}>
              {scope.name}
            </option>
          ))}
        </SelectField>
        <Button type="submit" variant="primary" className="mt-6">
          Generate API Key
        </Button>
      </fieldset>
      {!canCreate && (
        <p className="mt-2 text-xs text-slate-500" data-testid="api-key-readonly-note">
          Read-only users cannot create API keys.
        </p>
      )}
    </form>
  );
}

function NewKeyPanel({ name, secret, onDone }: { name: string; secret: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <section aria-label="New API key" className="rounded-lg border border-amber-300 bg-amber-50 p-4">
      <p className="text-sm font-semibold text-amber-900">API key {name} created</p>
      <p className="mt-1 text-sm text-amber-900">Copy it now: it is shown only once and cannot be recovered.</p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <code data-testid="api-key-secret" className="rounded bg-white px-3 py-2 font-mono text-xs break-all text-slate-900 select-all">
          {secret}
        </code>
        <Button
          onClick={() => {
            void navigator.clipboard?.writeText(secret).then(() => setCopied(true));
          }}
        >
          {copied ? "Copied" : "Copy"}
        </Button>
        <Button onClick={onDone}>Done</Button>
      </div>
    </section>
  );
}
