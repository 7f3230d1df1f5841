"use client";
// Generate API Key (shell.md 2.1, 6): create a key (shown once, with a copy
// button) with its expiry and scope, list the user's keys, revoke one after
// confirmation. Read-only users see the list with creation disabled.
import { useState } from "react";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
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
import { SERVER_ERROR_MESSAGE } from "@/lib/data/action-result";
import { ConfirmDialog, PRIMARY_BUTTON, SECONDARY_BUTTON } from "./confirm-dialog";
import { Notice, useNotice } from "./notice";
import { expiredSession } from "./session-events";

const SELECT_CLASS =
  "block rounded-md border border-slate-300 bg-white px-3 py-2 text-sm outline-none focus:border-primary focus:ring-2 focus:ring-ring aria-invalid:border-red-400";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** D MMM YYYY HH:mm in UTC: the same text on the server and in every browser. */
export function formatUtc(iso: string | null): string {
  if (!iso) return "Never";
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`;
}

export function ApiKeysView({ keys, canCreate }: { keys: ApiKeyView[]; canCreate: boolean }) {
  const router = useRouter();
  const { notice, show } = useNotice();
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyView | null>(null);
  const [busy, setBusy] = useState(false);

  async function revoke(key: ApiKeyView) {
    setBusy(true);
    try {
      const result = await revokeApiKeyAction(key.id);
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
          <code>Authorization: Bearer &lt;key&gt;</code>.
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
        {keys.length === 0 ? (
          <p className="px-4 py-6 text-center text-sm text-slate-500">No API keys yet.</p>
        ) : (
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-50 text-xs text-slate-500 uppercase">
              <tr>
                <th className="px-4 py-2 font-medium">Name</th>
                <th className="px-4 py-2 font-medium">Key</th>
                <th className="px-4 py-2 font-medium">Scope</th>
                <th className="px-4 py-2 font-medium">Created</th>
                <th className="px-4 py-2 font-medium">Expires</th>
                <th className="px-4 py-2 font-medium">Last used</th>
                <th className="px-4 py-2 font-medium">Status</th>
                <th className="px-4 py-2" />
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {keys.map((k) => (
                <tr key={k.id} data-testid="api-key-row">
                  <td className="px-4 py-2 font-medium text-slate-900">{k.name}</td>
                  <td className="px-4 py-2 font-mono text-xs text-slate-600">dsp_{k.prefix}_…</td>
                  <td className="px-4 py-2 text-slate-600">{apiKeyScopeName(k.scope)}</td>
                  <td className="px-4 py-2 text-slate-600">{formatUtc(k.createdAt)}</td>
                  <td className="px-4 py-2 text-slate-600">{formatUtc(k.expiresAt)}</td>
                  <td className="px-4 py-2 text-slate-600">{formatUtc(k.lastUsedAt)}</td>
                  <td className="px-4 py-2">
                    {k.status === "REVOKED" ? (
                      <span className="text-red-700" title={formatUtc(k.revokedAt)}>
                        Revoked
                      </span>
                    ) : k.status === "EXPIRED" ? (
                      <span className="text-amber-700">Expired</span>
                    ) : (
                      <span className="text-emerald-700">Active</span>
                    )}
                  </td>
                  <td className="px-4 py-2 text-right">
                    {!k.revokedAt && (
                      <button type="button" onClick={() => setRevoking(k)} className="text-sm font-medium text-red-700 hover:underline">
                        Revoke
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
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
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ApiKeyCreateInput>({
    resolver: zodResolver(ApiKeyCreateSchema),
    defaultValues: { name: "", expiresInDays: API_KEY_DEFAULT_EXPIRY, scope: API_KEY_DEFAULT_SCOPE },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const result = await createApiKeyAction(values);
    if (result.ok) {
      reset();
      onCreated(result.data.key.name, result.data.secret);
      return;
    }
    if (expiredSession(result)) return;
    const fields = (["name", "expiresInDays", "scope"] as const).filter((f) => result.fieldErrors?.[f]);
    for (const f of fields) setError(f, { message: result.fieldErrors![f] });
    if (fields.length === 0) setFormError(result.formError ?? SERVER_ERROR_MESSAGE);
  });

  return (
    <form
      noValidate
      aria-label="Create API key"
      onSubmit={(e) => {
        onSubmit(e).catch(() => setFormError(SERVER_ERROR_MESSAGE));
      }}
      className="rounded-lg border border-slate-200 bg-white p-4"
    >
      <fieldset disabled={!canCreate || isSubmitting} className="flex flex-wrap items-start gap-3 disabled:opacity-60">
        <div className="min-w-64 flex-1 space-y-1">
          <label htmlFor="api-key-name" className="block text-sm font-medium text-slate-700">
            Key name
          </label>
          <input
            id="api-key-name"
            maxLength={API_KEY_NAME_MAX}
            placeholder="e.g. Reporting script"
            aria-invalid={errors.name ? true : undefined}
            className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm outline-none focus:border-primary focus:ring-2 focus:ring-ring aria-invalid:border-red-400"
            {...register("name")}
          />
          {errors.name && <p className="text-xs text-red-600">{errors.name.message}</p>}
        </div>
        <div className="space-y-1">
          <label htmlFor="api-key-expiry" className="block text-sm font-medium text-slate-700">
            Expires after
          </label>
          <select id="api-key-expiry" className={SELECT_CLASS} aria-invalid={errors.expiresInDays ? true : undefined} {...register("expiresInDays")}>
            {API_KEY_EXPIRY_CHOICES.map((days) => (
              <option key={days} value={days}>
                {days} days
              </option>
            ))}
          </select>
          {errors.expiresInDays && <p className="text-xs text-red-600">{errors.expiresInDays.message}</p>}
        </div>
        <div className="space-y-1">
          <label htmlFor="api-key-scope" className="block text-sm font-medium text-slate-700">
            Access
          </label>
          <select id="api-key-scope" className={SELECT_CLASS} aria-invalid={errors.scope ? true : undefined} {...register("scope")}>
            {API_KEY_SCOPES.map((scope) => (
              <option key={scope.id} value={scope.id}>
                {scope.name}
              </option>
            ))}
          </select>
          {errors.scope && <p className="text-xs text-red-600">{errors.scope.message}</p>}
        </div>
        <button type="submit" className={`${PRIMARY_BUTTON} mt-6`}>
          Generate API Key
        </button>
      </fieldset>
      {!canCreate && (
        <p className="mt-2 text-xs text-slate-500" data-testid="api-key-readonly-note">
          Read-only users cannot create API keys.
        </p>
      )}
      {formError && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {formError}
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
        <button
          type="button"
          className={SECONDARY_BUTTON}
          onClick={() => {
            void navigator.clipboard?.writeText(secret).then(() => setCopied(true));
          }}
        >
          {copied ? "Copied" : "Copy"}
        </button>
        <button type="button" className={SECONDARY_BUTTON} onClick={onDone}>
          Done
        </button>
      </div>
    </section>
  );
}
