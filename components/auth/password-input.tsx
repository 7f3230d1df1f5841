"use client";
// A password field with a show/hide toggle (shell.md 2.2, 2.3).
import { useState, type ComponentPropsWithRef } from "react";

type Props = Omit<ComponentPropsWithRef<"input">, "type" | "className"> & {
  invalid?: boolean;
  describedBy?: string;
};

export function PasswordInput({ invalid, describedBy, ...input }: Props) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <input
        {...input}
        type={visible ? "text" : "password"}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        className="block w-full rounded-md border border-slate-300 bg-white py-2 pr-10 pl-3 text-sm shadow-xs outline-none focus:border-primary focus:ring-2 focus:ring-ring aria-invalid:border-red-400"
      />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        aria-label={visible ? "Hide password" : "Show password"}
        aria-pressed={visible}
        className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-slate-500 hover:text-slate-800"
      >
        {visible ? <EyeOffIcon /> : <EyeIcon />}
      </button>
    </div>
  );
}

function EyeIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.8">
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
    </svg>
  );
}

function EyeOffIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.8">
      <path d="M3 3l18 18" />
      <path d="M10.6 5.1A10.8 10.8 0 0 1 12 5c6.4 0 10 7 10 7a17.6 17.6 0 0 1-3.2 4.2M6.6 6.6C3.9 8.4 2 12 2 12s3.6 7 10 7a10 10 0 0 0 5.4-1.6" />
      <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2" />
    </svg>
  );
}
