// The buttons of the console: one look per variant, used by every form,
// dialog, table and toolbar (links that look like buttons use buttonClass()).
import { forwardRef, type ButtonHTMLAttributes } from "react";

export type ButtonVariant = "primary" | "secondary" | "danger" | "danger-outline" | "success-outline" | "ghost" | "link" | "danger-link";
/** xs: a table row's action; lg: the sign-in forms' full-width buttons; icon: a square button around an icon. */
export type ButtonSize = "xs" | "sm" | "md" | "lg" | "icon";

const BASE =
  "inline-flex items-center justify-center gap-2 rounded-md transition focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-50";

const VARIANTS: Record<ButtonVariant, string> = {
  primary: "bg-primary font-semibold text-primary-foreground shadow-sm hover:bg-primary-hover",
  secondary: "border border-slate-300 bg-white font-medium text-slate-700 shadow-xs hover:bg-slate-50",
  danger: "bg-red-600 font-semibold text-white shadow-sm hover:bg-red-700",
  "danger-outline": "border border-red-300 bg-white font-medium text-red-700 shadow-xs hover:bg-red-50",
  "success-outline": "border border-emerald-300 bg-white font-medium text-emerald-700 shadow-xs hover:bg-emerald-50",
  ghost: "font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900",
  link: "font-medium text-primary underline-offset-2 hover:underline",
  "danger-link": "font-medium text-red-700 underline-offset-2 hover:underline",
};

const SIZES: Record<ButtonSize, string> = {
  xs: "px-2.5 py-1 text-xs",
  sm: "px-3 py-1.5 text-sm",
  md: "px-4 py-2 text-sm",
  lg: "px-4 py-2.5 text-sm",
  icon: "p-1.5",
};

export function buttonClass(variant: ButtonVariant = "secondary", size: ButtonSize = "md", extra = ""): string {
  const textOnly = variant === "link" || variant === "danger-link";
  const sizing = textOnly ? (size === "xs" ? "text-xs" : "text-sm") : SIZES[size];
  return `${BASE} ${VARIANTS[variant]} ${sizing} ${extra}`.trim();
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner and disables the button while work is in progress. */
  busy?: boolean;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = "secondary", size = "md", busy = false, type = "button", disabled, className = "", children, ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={buttonClass(variant, size, className)}
      {...rest}
    >
      {busy ? <Spinner /> : null}
      {children}
    </button>
  );
});

export function Spinner({ className = "h-4 w-4" }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={`${className} animate-spin`} aria-hidden="true">
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/** A form's primary submit button: disabled, its label "Saving...", while the form is submitting (a second click sends nothing). */
export function SubmitButton({ submitting, label = "Save", disabled, ...rest }: Omit<ButtonProps, "type" | "variant" | "children"> & { submitting: boolean; label?: string }) {
  return (
    <Button type="submit" variant="primary" disabled={disabled || submitting} {...rest}>
      {submitting ? "Saving..." : label}
    </Button>
  );
}
