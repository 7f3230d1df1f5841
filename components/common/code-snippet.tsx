"use client";
// A block of code to paste somewhere else (a pixel's tracking tags, the
// advertiser's smart tag): title, description, a Copy button that says
// 'Copied' (or 'Copy failed') for a moment, and the code. One component so the
// clipboard fallback and the feedback behave the same wherever code is shown.
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";

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

// "card": the snippet is a card of its own (smart tag tab, h2 titles);
// "inline": one of several snippets inside a card the caller draws (tracking code, h3 titles).
const VARIANTS = {
  card: {
    wrapper: "rounded-xl border border-slate-200 bg-white p-5 shadow-xs",
    header: "flex flex-wrap items-start justify-between gap-3",
    title: "text-sm font-semibold tracking-wide text-slate-800 uppercase",
    description: "mt-1 text-sm text-slate-600",
    pre: "mt-4",
  },
  inline: {
    wrapper: undefined,
    header: "flex flex-wrap items-center justify-between gap-3",
    title: "text-sm font-semibold text-slate-800",
    description: "text-xs text-slate-500",
    pre: "mt-2",
  },
} as const;

export function CodeSnippet({
  id,
  title,
  description,
  code,
  testId,
  variant,
}: {
  /** Names the button `copy-{id}` and the code `code-{id}` for tests. */
  id: string;
  title: string;
  description: string;
  code: string;
  /** data-testid of the whole block. */
  testId: string;
  variant: keyof typeof VARIANTS;
}) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  useEffect(() => {
    if (state === "idle") return;
    const timer = setTimeout(() => setState("idle"), COPIED_MS);
    return () => clearTimeout(timer);
  }, [state]);
  const style = VARIANTS[variant];
  const Wrapper = variant === "card" ? "section" : "div";
  const Title = variant === "card" ? "h2" : "h3";
  return (
    <Wrapper className={style.wrapper} data-testid={testId}>
      <div className={style.header}>
        <div>
          <Title className={style.title}>{title}</Title>
          <p className={style.description}>{description}</p>
        </div>
        <Button size="sm" onClick={() => void copyText(code).then((ok) => setState(ok ? "copied" : "failed"))} data-testid={`copy-${id}`} aria-live="polite">
          {state === "copied" ? "Copied" : state === "failed" ? "Copy failed" : "Copy"}
        </Button>
      </div>
      <pre
        className={`${style.pre} overflow-x-auto rounded-lg bg-slate-900 p-4 text-xs leading-relaxed text-slate-100`}
        data-testid={`code-${id}`}
        // A long line scrolls sideways: keyboard users reach the scroll with Tab (axe scrollable-region-focusable).
        tabIndex={0}
      >
        <code>{code}</code>
      </pre>
    </Wrapper>
  );
}
