"use client";
// Edit a feed: name and update frequency; a link feed also its link and
// credentials. The stored password is never sent here: the field stays empty
// and says "Password stored"; left empty it keeps the stored password, unless
// the host, port or username changes (the server then asks for it again).
// Saving also accepts a new SFTP host key the last run reported. A save
// refused because the feed changed meanwhile keeps what was typed and offers
// the latest version.
import { updateFeedAction } from "@/lib/catalog/actions";
import type { FeedRow } from "@/lib/catalog/queries";
import { FeedUpdateSchema } from "@/lib/catalog/schema";
import type { z } from "@/lib/validation/z";
import { ConflictNotice } from "@/components/forms/conflict-notice";
import { useEntityForm } from "@/components/forms/use-entity-form";
import { Button, SubmitButton } from "@/components/ui/button";
import { Field, FormError, InputField, inputClass, messageId, SelectField } from "@/components/ui/field";
import { UpdateFrequencyOptions } from "./update-frequency-options";

type Input = z.input<typeof FeedUpdateSchema>;

export function FeedEditForm({ feed, onDone }: { feed: FeedRow; onDone: (saved: boolean) => void }) {
  // In the feed's drawer, opened by writers only; it never warned on leaving. The drawer stays open across a reload: `reload` refills the form from the feed read again.
  const { form, formError, onSubmit, submitting, conflict, reload } = useEntityForm<Input, { id: number }>({
    mode: "edit",
    schema: FeedUpdateSchema,
    initial: {
      name: feed.name,
      updateFrequencyHours: feed.updateFrequencyHours,
      ...(feed.link ? { link: feed.link.url, username: feed.link.username, password: "" } : {}),
    },
    canWrite: true,
    warnUnsaved: false,
    update: (values) => updateFeedAction({ advertiserId: feed.advertiserId, id: feed.id, version: feed.version, ...values }),
    onSaved: () => onDone(true),
  });
  const {
    register,
    formState: { errors },
  } = form;

  return (
    <form
      noValidate
      aria-label="Edit feed"
      className="space-y-4 rounded-lg border border-slate-200 p-4"
      onSubmit={(e) => void onSubmit(e)}
    >
      <FormError message={formError} testId="edit-feed-error" />
      <ConflictNotice conflict={conflict} onReload={reload} testId="edit-feed" />
      <InputField id="edit-feed-name" label="Name" error={errors.name?.message} {...register("name")} />
      {feed.link?.newHostKey && (
        <div role="status" data-testid="edit-feed-host-key" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          The SFTP server now presents the host key {feed.link.newHostKey}
          {feed.link.hostKey ? ` instead of ${feed.link.hostKey}` : ""}. Saving accepts the new key: check it with the server&apos;s owner first.
        </div>
      )}
      {feed.link && (
        <>
          <InputField id="edit-feed-link" label="Link" error={errors.link?.message} {...register("link")} />
          <div className="grid grid-cols-2 gap-3">
            <InputField id="edit-feed-username" label="Username" error={errors.username?.message} autoComplete="off" {...register("username")} />
            <Field id="edit-feed-password" label="Password" error={errors.password?.message}>
              <input
                id="edit-feed-password"
                type="password"
                autoComplete="new-password"
                placeholder={feed.link.hasPassword ? "Password stored" : ""}
                aria-invalid={errors.password ? true : undefined}
                aria-describedby={[errors.password ? messageId("edit-feed-password") : "", feed.link.hasPassword ? "edit-feed-password-hint" : ""].join(" ").trim() || undefined}
                className={inputClass(!!errors.password)}
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
      <SelectField id="edit-feed-frequency" label="Update frequency" error={errors.updateFrequencyHours?.message} {...register("updateFrequencyHours")}>
        <UpdateFrequencyOptions />
      </SelectField>
      <div className="flex justify-end gap-3">
        <Button onClick={() => onDone(false)}>Cancel</Button>
        <SubmitButton submitting={submitting} disabled={submitting} />
      </div>
    </form>
  );
}
