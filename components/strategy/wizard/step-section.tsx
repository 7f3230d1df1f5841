// A titled group of the wizard's fields. Fields sit side by side on wide
// screens and stack on a handset (768 px and less, shell.md 9), where the
// campaign form's two columns would be too narrow for the lists.
import type { ReactNode } from "react";

export function StepSection({ title, note, children, testId }: { title: string; note?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-xs min-[769px]:p-5" data-testid={testId}>
      <h3 className="text-sm font-semibold tracking-wide text-slate-800 uppercase">{title}</h3>
      {note ? <p className="mt-1 text-xs text-slate-600">{note}</p> : null}
      <div className="mt-4 grid grid-cols-1 gap-4 min-[769px]:grid-cols-2 xl:grid-cols-3">{children}</div>
    </section>
  );
}

/** A note in a section that spans its whole width (why a list is empty, what a map would need). */
export function SectionNote({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <p className="col-span-full text-sm text-slate-600" data-testid={testId}>
      {children}
    </p>
  );
}
