"use client";
// The TRACKING CODE card of a pixel's details: the image tag and the script
// tag, each with a Copy button that says 'Copied' for a moment.
import { useEffect, useState } from "react";
import type { TrackingCode } from "@/lib/pixels/tracking";

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
    <div data-testid={`tracking-${id}`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h3 className="text-sm font-semibold text-slate-800">{title}</h3>
          <p className="text-xs text-slate-500">{description}</p>
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
      <pre className="mt-2 overflow-x-auto rounded-lg bg-slate-900 p-4 text-xs leading-relaxed text-slate-100" data-testid={`code-${id}`}>
        <code>{code}</code>
      </pre>
    </div>
  );
}

export function TrackingCodeCard({ code }: { code: TrackingCode }) {
  return (
    <section className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-xs" data-testid="tracking-code">
      <h2 className="text-sm font-semibold tracking-wide text-slate-800 uppercase">Tracking Code</h2>
      <CodeBlock id="image" title="Image tag" description="Works everywhere, also without JavaScript." code={code.image} />
      <CodeBlock id="script" title="Script tag" description="For pages that load scripts." code={code.script} />
    </section>
  );
}
