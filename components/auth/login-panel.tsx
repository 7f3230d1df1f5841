"use client";
// The body of the sign-in card: the password form (default theme only) or,
// once the password is accepted for a user with the second factor on, the
// verification-code step; the single sign-on buttons below the form.
import { useState, type ReactNode } from "react";
import type { CaptchaClientConfig } from "@/lib/auth/captcha/types";
import { LoginForm } from "./login-form";
import { OtpForm } from "./otp-form";

type OtpState = { codeLength: number; resendInSeconds: number };

export function LoginPanel({
  passwordForm,
  returnUrl,
  captcha,
  sso,
}: {
  passwordForm: boolean;
  returnUrl: string | null;
  captcha: CaptchaClientConfig;
  sso: ReactNode;
}) {
  const [otp, setOtp] = useState<OtpState | null>(null);

  if (otp) {
    return (
      <OtpForm
        codeLength={otp.codeLength}
        resendInSeconds={otp.resendInSeconds}
        returnUrl={returnUrl}
        onBack={() => setOtp(null)}
      />
    );
  }

  return (
    <>
      <h1 className="mb-6 text-center text-lg font-semibold text-slate-800">Sign in to your account</h1>
      {passwordForm && (
        <>
          <LoginForm returnUrl={returnUrl} captcha={captcha} onSecondFactor={setOtp} />
          <div className="my-6 h-px bg-slate-200" />
        </>
      )}
      {sso}
    </>
  );
}
