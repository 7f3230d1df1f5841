/** Green dot + 'Active' or red dot + 'Inactive'. */
export function StatusDot({ active }: { active: boolean }) {
  return (
    <span className="inline-flex items-center gap-2" data-testid="status" data-active={active}>
      <span aria-hidden="true" className={`h-2.5 w-2.5 rounded-full ${active ? "bg-emerald-500" : "bg-red-500"}`} />
      <span className="text-sm text-slate-700">{active ? "Active" : "Inactive"}</span>
    </span>
  );
}
