"use client";
// The GET SMART TAG tab (business.md 2: /advertiser/details/{id}/smarttag): the
// advertiser's site tag and an event example, each with a Copy button that
// says 'Copied' for a moment.
import { useEffect, useState } from "react";

const COPIED_MS = 2000;

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // No clipboard API (insecure origin, denied permission): the old way.
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    try {
      return document.execCommand("copy");
    } catch {
      return false;
    } finally {
      area.remove();
    }
  }
}

function CodeBlock({ id, title, description, code }: { id: string; title: string; description: string; code: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  useEffect(() => {
    if (state === "idle") return;
    const timer = setTimeout(() => setState("idle"), COPIED_MS);
    return () => clearTimeout(timer);
  }, [state]);
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-xs" data-testid={`smart-tag-${id}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-sm font-semibold tracking-wide text-slate-800 uppercase">{title}</h2>
          <p className="mt-1 text-sm text-slate-600">{description}</p>
        </div>
        <button
          type="button"
          onClick={() => void copyText(code).then((ok) => setState(ok ? "copied" : "failed"))}
          className="inline-flex items-center rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 shadow-xs hover:bg-slate-50"
          data-testid={`copy-${id}`}
          aria-live="polite"
        >
          {state === "copied" ? "Copied" : state === "failed" ? "Copy failed" : "Copy"}
        </button>
      </div>
      <pre className="mt-4 overflow-x-auto rounded-lg bg-slate-900 p-4 text-xs leading-relaxed text-slate-100" data-testid={`code-${id}`}>
        <code>{code}</code>
      </pre>
    </section>
  );
}

export function SmartTagView({ snippet, eventExample }: { snippet: string; eventExample: string }) {
  return (
    <div className="space-y-5" data-testid="smart-tag">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">Smart Tag</h1>
        <p className="mt-1 text-sm text-slate-600">
          Add the tag to every page of the advertiser&apos;s website; it records page views and the events you fire.
        </p>
      </div>
      <CodeBlock id="snippet" title="Site tag" description="Paste it into the <head> of every page." code={snippet} />
      <CodeBlock id="event" title="Firing events" description="After the site tag, call dsptag with the event name and its details." code={eventExample} />
    </div>
  );
}
