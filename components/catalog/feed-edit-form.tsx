"use client";
// Edit a feed: name and update frequency; a link feed also its link and
// credentials. The stored password is never sent here: the field stays empty
// and says "Password stored"; left empty it keeps the stored password, unless
// the host, port or username changes (the server then asks for it again).
// Saving also accepts a new SFTP host key the last run reported.
import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { updateFeedAction } from "@/lib/catalog/actions";
import type { FeedRow } from "@/lib/catalog/queries";
import { FeedUpdateSchema, UPDATE_FREQUENCIES, type FeedUpdateValues } from "@/lib/catalog/schema";
import { SERVER_ERROR_MESSAGE } from "@/lib/data/action-result";
import { expiredSession } from "@/components/account/session-events";
import type { z } from "zod";
import { inputClass, primaryButtonClass, secondaryButtonClass } from "@/components/common/form-classes";
import { Field } from "./new-feed-dialog";

type Input = z.input<typeof FeedUpdateSchema>;

export function FeedEditForm({ feed, onDone }: { feed: FeedRow; onDone: (saved: boolean) => void }) {
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, FeedUpdateValues>({
    resolver: zodResolver(FeedUpdateSchema),
    defaultValues: {
      name: feed.name,
      updateFrequencyHours: feed.updateFrequencyHours,
      ...(feed.link ? { link: feed.link.url, username: feed.link.username, password: "" } : {}),
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const result = await updateFeedAction(feed.advertiserId, feed.id, feed.version, values);
    if (result.ok) return onDone(true);
    if (expiredSession(result)) return;
    for (const [field, message] of Object.entries(result.fieldErrors ?? {})) setError(field as keyof Input, { message });
    setFormError(result.formError ?? null);
  });

  return (
    <form
      noValidate
      aria-label="Edit feed"
      className="space-y-4 rounded-lg border border-slate-200 p-4"
      onSubmit={(e) => void onSubmit(e).catch(() => setFormError(SERVER_ERROR_MESSAGE))}
    >
      {formError && (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
          {formError}
        </div>
      )}
      <Field id="edit-feed-name" label="Name" error={errors.name?.message}>
        <input id="edit-feed-name" className={inputClass} {...register("name")} />
      </Field>
      {feed.link?.newHostKey && (
        <div role="status" data-testid="edit-feed-host-key" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          The SFTP server now presents the host key {feed.link.newHostKey}
          {feed.link.hostKey ? ` instead of ${feed.link.hostKey}` : ""}. Saving accepts the new key: check it with the server&apos;s owner first.
        </div>
      )}
      {feed.link && (
        <>
          <Field id="edit-feed-link" label="Link" error={errors.link?.message}>
            <input id="edit-feed-link" className={inputClass} {...register("link")} />
          </Field>
          <div className="grid grid-cols-2 gap-3">
            <Field id="edit-feed-username" label="Username" error={errors.username?.message}>
              <input id="edit-feed-username" autoComplete="off" className={inputClass} {...register("username")} />
            </Field>
            <Field id="edit-feed-password" label="Password" error={errors.password?.message}>
              <input
                id="edit-feed-password"
                type="password"
                autoComplete="new-password"
                placeholder={feed.link.hasPassword ? "Password stored" : ""}
                aria-describedby={feed.link.hasPassword ? "edit-feed-password-hint" : undefined}
                className={inputClass}
                {...register("password")}
              />
            </Field>
          </div>
          {feed.link.hasPassword && (
            <p id="edit-feed-password-hint" className="text-xs text-slate-500">
              A password is stored. Leave the field empty to keep it; a new host, port or username needs it again.
            </p>
          )}
        </>
      )}
      <Field id="edit-feed-frequency" label="Update frequency" error={errors.updateFrequencyHours?.message}>
        <select id="edit-feed-frequency" className={inputClass} {...register("updateFrequencyHours")}>
          {UPDATE_FREQUENCIES.map((f) => (
            <option key={f.hours} value={f.hours}>
              {f.label}
            </option>
          ))}
        </select>
      </Field>
      <div className="flex justify-end gap-3">
        <button type="button" className={secondaryButtonClass} onClick={() => onDone(false)}>
          Cancel
        </button>
        <button type="submit" className={primaryButtonClass} disabled={isSubmitting}>
          {isSubmitting ? "Saving..." : "Save"}
        </button>
      </div>
    </form>
  );
}
