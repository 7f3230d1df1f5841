"use client";
// Second factor step (shell.md 2.2, 4, 5): the code e-mailed for this sign-in
// attempt, a countdown until a new code may be requested, Validate and
// 'Back to Login'. The attempt itself is identified by an httpOnly cookie.
import { useEffect, useState } from "react";
import { cancelOtpAction, resendOtpAction, verifyOtpAction } from "@/app/login/actions";
import { NETWORK_ERROR, OTP_RESENT, otpCodeSchema } from "./login-schema";

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
  const [code, setCode] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [dead, setDead] = useState(false);
  const [busy, setBusy] = useState(false);
  const [redirecting, setRedirecting] = useState(false);
  const [deadline, setDeadline] = useState(() => Date.now() + resendInSeconds * 1000);
  const left = useCountdown(deadline);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setServerError(null);
    try {
      await work();
    } catch {
      setServerError(NETWORK_ERROR);
    } finally {
      setBusy(false);
    }
  };

  const validate = () =>
    run(async () => {
      setInfo(null);
      const parsed = otpCodeSchema(codeLength).safeParse(code);
      if (!parsed.success) {
        setFieldError(parsed.error.issues[0]?.message ?? null);
        return;
      }
      setFieldError(null);
      const result = await verifyOtpAction({ code: parsed.data, returnUrl });
      if (!result.ok) return setServerError(result.formError ?? NETWORK_ERROR);
      if (result.data.status === "signed-in") {
        setRedirecting(true);
        window.location.assign(result.data.redirectTo);
        return;
      }
      setServerError(result.data.message);
      setDead(result.data.dead);
    });

  const resend = () =>
    run(async () => {
      setInfo(null);
      const result = await resendOtpAction();
      if (!result.ok) return setServerError(result.formError ?? NETWORK_ERROR);
      if (result.data.status === "sent") {
        setCode("");
        setFieldError(null);
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
    <form
      noValidate
      aria-labelledby="otp-title"
      onSubmit={(e) => {
        e.preventDefault();
        void validate();
      }}
      className="space-y-4"
    >
      <h1 id="otp-title" className="text-center text-lg font-semibold text-slate-800">
        Enter Verification Code
      </h1>
      {serverError && (
        <div role="alert" data-testid="otp-error" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
          {serverError}
        </div>
      )}
      {info && (
        <div role="status" data-testid="otp-info" className="rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
          {info}
        </div>
      )}
      <div className="space-y-1">
        <label htmlFor="otp-code" className="block text-sm font-medium text-slate-700">
          Verification Code
        </label>
        <input
          id="otp-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          autoFocus
          maxLength={codeLength}
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, "").slice(0, codeLength))}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? "otp-code-error" : undefined}
          disabled={dead}
          className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-center font-mono text-lg tracking-[0.5em] shadow-xs outline-none focus:border-primary focus:ring-2 focus:ring-ring aria-invalid:border-red-400 disabled:bg-slate-100"
        />
        {fieldError && (
          <p id="otp-code-error" data-testid="otp-field-error" className="text-xs text-red-600">
            {fieldError}
          </p>
        )}
      </div>
      <div className="text-right text-sm" data-testid="otp-resend">
        {left > 0 ? (
          <span className="text-slate-500">Time to re-send code: {left}</span>
        ) : (
          <button
            type="button"
            onClick={() => void resend()}
            disabled={busy || dead}
            className="font-medium text-primary hover:text-primary-hover hover:underline disabled:cursor-not-allowed disabled:opacity-60"
          >
            Re-send code
          </button>
        )}
      </div>
      <button
        type="submit"
        disabled={busy || dead || redirecting}
        className="w-full rounded-md bg-primary px-4 py-2.5 text-sm font-semibold text-primary-foreground shadow-sm transition hover:bg-primary-hover disabled:cursor-not-allowed disabled:opacity-60"
      >
        Validate
      </button>
      <div className="text-center">
        <button type="button" onClick={back} className="text-sm font-medium text-primary hover:text-primary-hover hover:underline">
          Back to Login
        </button>
      </div>
    </form>
  );
}
