"use client";
// The captcha of the sign-in form, whichever provider the server selected.
// Reports the solution (a token to send with the next attempt) or null when
// there is none (not solved yet, expired, failed). Remount it (new key) to
// get a fresh challenge.
import { useEffect, useRef } from "react";
import type { CaptchaClientConfig } from "@/lib/auth/captcha/types";
// ALTCHA's styles as a stylesheet, not the <style> element the widget would add
// (the page's CSP blocks it: lib/security/csp-client.ts).
import "altcha/altcha.css";

type OnChange = (token: string | null) => void;

export function CaptchaWidget({ config, onChange }: { config: CaptchaClientConfig; onChange: OnChange }) {
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  const report: OnChange = (token) => onChangeRef.current(token);
  if (config.provider === "altcha") return <AltchaWidget challengeUrl={config.challengeUrl} report={report} />;
  return <HostedWidget provider={config.provider} siteKey={config.siteKey} report={report} />;
}

function AltchaWidget({ challengeUrl, report }: { challengeUrl: string; report: OnChange }) {
  const host = useRef<HTMLDivElement>(null);
  const reportRef = useRef(report);
  useEffect(() => {
    let cancelled = false;
    let widget: HTMLElement | null = null;
    const onState = (event: Event) => {
      const detail = (event as CustomEvent<{ state?: string; payload?: string | null }>).detail;
      reportRef.current(detail?.state === "verified" && detail.payload ? detail.payload : null);
    };
    // The web component touches `window` when it loads: import it in the browser only.
    import("altcha").then(() => {
      if (cancelled || !host.current) return;
      widget = document.createElement("altcha-widget");
      widget.setAttribute("challenge", challengeUrl);
      widget.setAttribute("type", "checkbox");
      widget.addEventListener("statechange", onState);
      host.current.appendChild(widget);
    });
    return () => {
      cancelled = true;
      widget?.removeEventListener("statechange", onState);
      widget?.remove();
    };
  }, [challengeUrl]);
  return <div ref={host} data-testid="captcha-widget" data-provider="altcha" className="min-h-14" />;
}

// Turnstile and reCAPTCHA (v2) share one shape: a script with an onload
// callback and explicit rendering into an element with a site key.
type HostedApi = {
  render(element: HTMLElement, options: Record<string, unknown>): string | number;
  remove?(id: string | number): void;
};

const SCRIPTS = {
  turnstile: { src: "https://challenges.cloudflare.com/turnstile/v0/api.js", global: "turnstile" },
  recaptcha: { src: "https://www.google.com/recaptcha/api.js", global: "grecaptcha" },
} as const;

const loading = new Map<string, Promise<HostedApi>>();

function loadHostedApi(provider: keyof typeof SCRIPTS): Promise<HostedApi> {
  const { src, global } = SCRIPTS[provider];
  let promise = loading.get(provider);
  if (!promise) {
    promise = new Promise<HostedApi>((resolve, reject) => {
      const callback = `__dspCaptchaLoaded_${provider}`;
      const w = window as unknown as Record<string, unknown>;
      w[callback] = () => resolve(w[global] as HostedApi);
      const script = document.createElement("script");
      script.src = `${src}?onload=${callback}&render=explicit`;
      script.async = true;
      script.onerror = () => {
        loading.delete(provider);
        reject(new Error(`${provider} failed to load`));
      };
      document.head.appendChild(script);
    });
    loading.set(provider, promise);
  }
  return promise;
}

function HostedWidget({ provider, siteKey, report }: { provider: "turnstile" | "recaptcha"; siteKey: string; report: OnChange }) {
  const host = useRef<HTMLDivElement>(null);
  const reportRef = useRef(report);
  useEffect(() => {
    let cancelled = false;
    let api: HostedApi | null = null;
    let id: string | number | null = null;
    const target = document.createElement("div");
    host.current?.appendChild(target);
    loadHostedApi(provider)
      .then((loaded) => {
        if (cancelled) return;
        api = loaded;
        id = loaded.render(target, {
          sitekey: siteKey,
          callback: (token: string) => reportRef.current(token),
          "expired-callback": () => reportRef.current(null),
          "error-callback": () => reportRef.current(null),
        });
      })
      .catch(() => reportRef.current(null));
    return () => {
      cancelled = true;
      if (api?.remove && id !== null) api.remove(id);
      target.remove();
    };
  }, [provider, siteKey]);
  return <div ref={host} data-testid="captcha-widget" data-provider={provider} className="min-h-16" />;
}
