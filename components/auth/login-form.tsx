"use client";
import { useState } from "react";
import { loginAction } from "@/lib/sign-in/actions";
import type { CaptchaClientConfig } from "@/lib/auth/captcha/types";
import {
  CAPTCHA_REQUIRED,
  CAPTCHA_REQUIRED_CODE,
  LoginSchema,
  type LoginInput,
  type LoginStep,
} from "@/lib/sign-in/login-schema";
import { Field, FormError, InputField, messageId } from "@/components/ui/field";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { ForgotPasswordDialog } from "./forgot-password-dialog";
import { CaptchaWidget } from "./captcha-widget";
import { PasswordInput } from "@/components/ui/password-input";

export function LoginForm({
  returnUrl,
  captcha,
  onSecondFactor,
}: {
  returnUrl: string | null;
  captcha: CaptchaClientConfig;
  onSecondFactor: (step: { codeLength: number; resendInSeconds: number }) => void;
}) {
  const [redirecting, setRedirecting] = useState(false);
  // The captcha appears only once the server has demanded it (code 10048).
  const [captchaShown, setCaptchaShown] = useState(false);
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [captchaError, setCaptchaError] = useState<string | null>(null);
  const [captchaGeneration, setCaptchaGeneration] = useState(0);

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

  const { form, formError, setFormError, onSubmit, submitting } = useActionForm<LoginInput, LoginStep>({
    schema: LoginSchema,
    defaultValues: { email: "", password: "" },
    action: async (values) => {
      // An unsolved captcha is refused here already, as the server would refuse it.
      if (captchaMissing()) return { ok: true, data: { status: "refused", message: CAPTCHA_REQUIRED, field: "captcha" } };
      const token = captchaShown ? captchaToken : null;
      const result = await loginAction({ ...values, captcha: token, returnUrl });
      // A solution is spent by the attempt that carried it, whatever the answer.
      if (token) reloadCaptcha();
      return result;
    },
    onSuccess: (step) => {
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
      else setFormError(step.message);
    },
  });
  const {
    register,
    formState: { errors },
  } = form;

  const busy = submitting || redirecting;

  return (
    <form
      noValidate
      aria-label="Sign in"
      onSubmit={(e) => {
        captchaMissing(); // said beside the captcha, whatever the other fields hold
        void onSubmit(e);
      }}
      className="space-y-4"
    >
      <FormError message={formError} testId="login-error" />

      <InputField
        id="login-email"
        label="Email"
        type="email"
        autoComplete="username"
        autoFocus
        placeholder="name@company.com"
        error={errors.email?.message}
        messageTestId="email-error"
        {...register("email")}
      />

      <Field id="login-password" label="Password" error={errors.password?.message} messageTestId="password-error">
        <PasswordInput
          id="login-password"
          autoComplete="current-password"
          invalid={!!errors.password}
          describedBy={errors.password ? messageId("login-password") : undefined}
          {...register("password")}
        />
      </Field>

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

      <Button type="submit" variant="primary" size="lg" disabled={busy} className="w-full">
        Login
      </Button>
      {busy && (
        <p role="status" className="text-center text-xs text-slate-500">
          Authenticating user ...
        </p>
      )}
    </form>
  );
}
