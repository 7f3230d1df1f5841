// A tab a role may not open (demo users and ANALYTICS / COHORT, business.md 6).
export function TabUnavailable() {
  return (
    <p data-testid="tab-unavailable" className="rounded-xl border border-slate-200 bg-white p-6 text-sm text-slate-600 shadow-xs">
      This section is not available in demo mode.
    </p>
  );
}
