"use client";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { loginAction } from "@/app/login/actions";
import type { CaptchaClientConfig } from "@/lib/auth/captcha/types";
import {
  CAPTCHA_REQUIRED,
  CAPTCHA_REQUIRED_CODE,
  LoginSchema,
  NETWORK_ERROR,
  type LoginInput,
} from "./login-schema";
import { ForgotPasswordDialog } from "./forgot-password-dialog";
import { CaptchaWidget } from "./captcha-widget";
import { PasswordInput } from "./password-input";

export function LoginForm({
  returnUrl,
  captcha,
  onSecondFactor,
}: {
  returnUrl: string | null;
  captcha: CaptchaClientConfig;
  onSecondFactor: (step: { codeLength: number; resendInSeconds: number }) => void;
}) {
  const [serverError, setServerError] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  // The captcha appears only once the server has demanded it (code 10048).
  const [captchaShown, setCaptchaShown] = useState(false);
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [captchaError, setCaptchaError] = useState<string | null>(null);
  const [captchaGeneration, setCaptchaGeneration] = useState(0);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({ resolver: zodResolver(LoginSchema), defaultValues: { email: "", password: "" } });

  const captchaMissing = () => {
    if (captchaShown && !captchaToken) {
      setCaptchaError(CAPTCHA_REQUIRED);
      return true;
    }
    return false;
  };

  const reloadCaptcha = () => {
    setCaptchaToken(null);
    setCaptchaGeneration((n) => n + 1);
  };

  const onSubmit = handleSubmit(
    async (values) => {
      setServerError(null);
      if (captchaMissing()) return;
      const token = captchaShown ? captchaToken : null;
      const result = await loginAction({ ...values, captcha: token, returnUrl });
      // A solution is spent by the attempt that carried it, whatever the answer.
      if (token) reloadCaptcha();
      if (!result.ok) {
        setServerError(result.formError ?? NETWORK_ERROR);
        return;
      }
      const step = result.data;
      if (step.status === "signed-in") {
        setRedirecting(true);
        // A full load, so the root layout repaints with the signed-in licensee's theme.
        window.location.assign(step.redirectTo);
        return;
      }
      if (step.status === "otp") {
        onSecondFactor({ codeLength: step.codeLength, resendInSeconds: step.resendInSeconds });
        return;
      }
      if (step.code === CAPTCHA_REQUIRED_CODE) setCaptchaShown(true);
      if (step.field === "captcha") setCaptchaError(step.message);
      else setServerError(step.message);
    },
    () => {
      captchaMissing();
    },
  );

  const busy = isSubmitting || redirecting;

  return (
    <form
      noValidate
      aria-label="Sign in"
      onSubmit={(e) => {
        onSubmit(e).catch(() => setServerError(NETWORK_ERROR));
      }}
      className="space-y-4"
    >
      {serverError && (
        <div
          role="alert"
          data-testid="login-error"
          className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700"
        >
          {serverError}
        </div>
      )}

      <div className="space-y-1">
        <label htmlFor="login-email" className="block text-sm font-medium text-slate-700">
          Email
        </label>
        <input
          id="login-email"
          type="email"
          autoComplete="username"
          autoFocus
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? "login-email-error" : undefined}
          className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-xs outline-none placeholder:text-slate-400 focus:border-primary focus:ring-2 focus:ring-ring aria-invalid:border-red-400"
          placeholder="name@company.com"
          {...register("email")}
        />
        {errors.email && (
          <p id="login-email-error" data-testid="email-error" className="text-xs text-red-600">
            {errors.email.message}
          </p>
        )}
      </div>

      <div className="space-y-1">
        <label htmlFor="login-password" className="block text-sm font-medium text-slate-700">
          Password
        </label>
        <PasswordInput
          id="login-password"
          autoComplete="current-password"
          invalid={!!errors.password}
          describedBy={errors.password ? "login-password-error" : undefined}
          {...register("password")}
        />
        {errors.password && (
          <p id="login-password-error" data-testid="password-error" className="text-xs text-red-600">
            {errors.password.message}
          </p>
        )}
      </div>

      <div className="flex justify-end">
        <ForgotPasswordDialog />
      </div>

      {captchaShown && (
        <div className="space-y-1" data-testid="captcha">
          <CaptchaWidget
            key={captchaGeneration}
            config={captcha}
            onChange={(value) => {
              setCaptchaToken(value);
              if (value) setCaptchaError(null);
            }}
          />
          {captchaError && (
            <p role="alert" data-testid="captcha-error" className="text-xs text-red-600">
              {captchaError}
            </p>
          )}
        </div>
      )}

      <button
        type="submit"
        disabled={busy}
        className="w-full rounded-md bg-primary px-4 py-2.5 text-sm font-semibold text-primary-foreground shadow-sm transition hover:bg-primary-hover disabled:cursor-not-allowed disabled:opacity-60"
      >
        Login
      </button>
      {busy && (
        <p role="status" className="text-center text-xs text-slate-500">
          Authenticating user ...
        </p>
      )}
    </form>
  );
}
