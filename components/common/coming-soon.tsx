import { CONSOLE_SECTIONS, sectionOf } from "@/lib/menu/route-table";

/** Placeholder for console sections that a later release builds. */
export function ComingSoon({ section, path }: { section: string; path: string }) {
  const known = sectionOf(`/${section}`);
  const label = known ? CONSOLE_SECTIONS[known] : "This section";
  return (
    <section data-testid="coming-soon" className="mx-auto mt-10 max-w-xl rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
      <h1 className="text-xl font-semibold text-slate-900">{label}</h1>
      <p className="mt-3 text-base font-medium text-primary">Coming soon</p>
      <p className="mt-2 text-sm text-slate-600">
        <span className="font-mono text-xs text-slate-500">{path}</span> is not available yet. It arrives in a later
        release.
      </p>
    </section>
  );
}
