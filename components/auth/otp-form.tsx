"use client";
// Second factor step (shell.md 2.2, 4, 5): the code e-mailed for this sign-in
// attempt, a countdown until a new code may be requested, Validate and
// 'Back to Login'. The attempt itself is identified by an httpOnly cookie.
import { useEffect, useMemo, useState } from "react";
import { useWatch } from "react-hook-form";
import { z } from "@/lib/validation/z";
import { cancelOtpAction, resendOtpAction, verifyOtpAction } from "@/lib/sign-in/actions";
import { NETWORK_ERROR, OTP_RESENT, otpCodeSchema, type OtpStep } from "@/lib/sign-in/login-schema";
import { Field, FormError, messageId } from "@/components/ui/field";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";

function secondsUntil(deadline: number): number {
  return Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
}

/** Seconds left until `deadline` (epoch ms), ticking each second. */
function useCountdown(deadline: number): number {
  const [left, setLeft] = useState(() => secondsUntil(deadline));
  useEffect(() => {
    const tick = () => setLeft(secondsUntil(deadline));
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [deadline]);
  return left;
}

export function OtpForm({
  codeLength,
  resendInSeconds,
  returnUrl,
  onBack,
}: {
  codeLength: number;
  resendInSeconds: number;
  returnUrl: string | null;
  onBack: () => void;
}) {
  const [serverError, setServerError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [dead, setDead] = useState(false);
  const [busy, setBusy] = useState(false);
  const [redirecting, setRedirecting] = useState(false);
  const [deadline, setDeadline] = useState(() => Date.now() + resendInSeconds * 1000);
  const left = useCountdown(deadline);
  const schema = useMemo(() => z.object({ code: otpCodeSchema(codeLength) }), [codeLength]);

  const { form, formError, setFormError, onSubmit, submitting, errorOf } = useActionForm<{ code: string }, OtpStep>({
    schema,
    defaultValues: { code: "" },
    action: (values) => {
      setInfo(null);
      setServerError(null);
      return verifyOtpAction({ code: values.code, returnUrl });
    },
    onSuccess: (step) => {
      if (step.status === "signed-in") {
        setRedirecting(true);
        window.location.assign(step.redirectTo);
        return;
      }
      setFormError(step.message);
      setDead(step.dead);
    },
  });
  const code = useWatch({ control: form.control, name: "code" });
  const fieldError = errorOf("code");
  const message = formError ?? serverError;

  // Re-sending is not the form's submit: its own busy state and messages.
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setServerError(null);
    setFormError(null);
    try {
      await work();
    } catch {
      setServerError(NETWORK_ERROR);
    } finally {
      setBusy(false);
    }
  };

  const resend = () =>
    run(async () => {
      setInfo(null);
      const result = await resendOtpAction();
      if (!result.ok) return setServerError(result.formError ?? NETWORK_ERROR);
      if (result.data.status === "sent") {
        form.reset({ code: "" });
        setInfo(OTP_RESENT);
        setDeadline(Date.now() + result.data.resendInSeconds * 1000);
        return;
      }
      setServerError(result.data.message);
      setDead(result.data.dead);
    });

  const back = () => {
    // The attempt is abandoned on the server too; going back must not wait for it.
    cancelOtpAction().catch(() => undefined);
    onBack();
  };

  return (
    <form noValidate aria-labelledby="otp-title" onSubmit={(e) => void onSubmit(e)} className="space-y-4">
      <h1 id="otp-title" className="text-center text-lg font-semibold text-slate-800">
        Enter Verification Code
      </h1>
      <FormError message={message} testId="otp-error" />
      {info && (
        <div role="status" data-testid="otp-info" className="rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
          {info}
        </div>
      )}
      <Field id="otp-code" label="Verification Code" error={fieldError} messageTestId="otp-field-error">
        {/* A code, not text: centred, spaced digits (inputClass's text size does not fit it). */}
        <input
          id="otp-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          autoFocus
          maxLength={codeLength}
          name="code"
          value={code}
          onChange={(e) => form.setValue("code", e.target.value.replace(/\D/g, "").slice(0, codeLength))}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? messageId("otp-code") : undefined}
          disabled={dead}
          className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-center font-mono text-lg tracking-[0.5em] shadow-xs outline-none focus:border-primary focus:ring-2 focus:ring-ring aria-invalid:border-red-400 disabled:bg-slate-100"
        />
      </Field>
      <div className="text-right text-sm" data-testid="otp-resend">
        {left > 0 ? (
          <span className="text-slate-500">Time to re-send code: {left}</span>
        ) : (
          <Button variant="link" onClick={() => void resend()} disabled={busy || submitting || dead}>
            Re-send code
          </Button>
        )}
      </div>
      <Button type="submit" variant="primary" size="lg" disabled={busy || submitting || dead || redirecting} className="w-full">
        Validate
      </Button>
      <div className="text-center">
        <Button variant="link" onClick={back}>
          Back to Login
        </Button>
      </div>
    </form>
  );
}
