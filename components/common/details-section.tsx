// One titled block of a details page (business.md 2): labels and their values
// as a definition list, a blank value shown as '-'. The campaign details and
// the strategy review (details page and the wizard's review step) draw their
// sections with it, so every details page reads alike.
import type { ReactNode } from "react";

/** A label, its value and, when labels may repeat, a key of its own (also the dd's data-key). */
export type DetailRow = readonly [label: string, value: ReactNode, key?: string];

export function DetailsSection({
  title,
  rows,
  testId,
  upperCaseTitle = true,
}: {
  title: string;
  rows: readonly DetailRow[];
  testId: string;
  /** The campaign's titles are shown in capitals; titles already written as they should read pass false. */
  upperCaseTitle?: boolean;
}) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-xs" data-testid={testId} aria-labelledby={`${testId}-title`}>
      <h2 id={`${testId}-title`} className={`text-sm font-semibold tracking-wide text-slate-800 ${upperCaseTitle ? "uppercase" : ""}`}>
        {title}
      </h2>
      <dl className="mt-4 grid grid-cols-1 gap-x-8 gap-y-3 text-sm md:grid-cols-[14rem_1fr]">
        {rows.map(([label, value, key]) => (
          <div key={key ?? label} className="contents">
            <dt className="font-medium text-slate-500">{label}</dt>
            <dd className="break-words text-slate-900" data-field={label} data-key={key}>
              {value === null || value === undefined || value === "" ? <span className="text-slate-500">-</span> : value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
