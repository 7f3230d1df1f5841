"use client";
// Reschedule a creative set (business.md 7 "reschedule"): start, end and the
// timezone they are typed in, nothing else, with the form's rules and
// messages; a new start activates an inactive set (business.md 4). The
// dialog's own form, so the set's other fields are neither shown nor sent.
import { useMemo, useState } from "react";
import { useRouter } from "next/navigation";
import { FormProvider } from "react-hook-form";
import { rescheduleCreativeSetAction } from "@/lib/creative-sets/actions";
import type { TimezoneChoice } from "@/lib/creative-sets/options";
import { rescheduleSchema, type RescheduleInput } from "@/lib/creative-sets/schema";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button, SubmitButton } from "@/components/ui/button";
import { FormError } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal";
import { clockedSchema } from "@/components/forms/clocked-schema";
import { savedSchedule } from "./saved-schedule";
import { ScheduleFields } from "./creative-set-fields";

export interface RescheduleDialogProps {
  setId: number;
  version: number;
  initial: RescheduleInput;
  saved: { startTime: string | null; endTime: string | null };
  timezones: TimezoneChoice[];
  disabled: boolean;
}

function RescheduleForm({ setId, version, initial, saved, timezones, onDone }: Omit<RescheduleDialogProps, "disabled"> & { onDone(): void }) {
  const router = useRouter();
  const schema = useMemo(() => clockedSchema((now) => rescheduleSchema({ mode: "edit", now, saved: savedSchedule(saved) }).in), [saved]);
  const { form, formId, formError, onSubmit, submitting } = useActionForm<RescheduleInput, unknown>({
    schema,
    defaultValues: initial,
    action: (values) => rescheduleCreativeSetAction({ id: setId, version, ...values }),
    onSuccess: () => {
      onDone();
      router.refresh();
    },
  });
  return (
    <FormProvider {...form}>
      <form id={formId} onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Reschedule" data-testid="creative-set-reschedule-form" className="space-y-4">
        <FormError message={formError} testId="creative-set-reschedule-error" />
        <ScheduleFields timezones={timezones} />
        <div className="flex justify-end gap-2">
          <Button onClick={onDone} data-testid="creative-set-reschedule-cancel">
            Cancel
          </Button>
          <SubmitButton submitting={submitting} disabled={submitting} data-testid="creative-set-reschedule-save" />
        </div>
      </form>
    </FormProvider>
  );
}

export function RescheduleDialog({ disabled, ...props }: RescheduleDialogProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button disabled={disabled} onClick={() => setOpen(true)} data-testid="creative-set-reschedule">
        Reschedule
      </Button>
      <Modal open={open} onOpenChange={setOpen} title="Reschedule creative set" dismissible="explicit" width="min(94vw, 820px)" testId="creative-set-reschedule-dialog">
        {/* Mounted while open: each opening starts from the saved schedule. */}
        {open ? <RescheduleForm {...props} onDone={() => setOpen(false)} /> : null}
      </Modal>
    </>
  );
}
