// Active / inactive status (shell.md 2.7: green active, red inactive). The dot
// alone where space is short (breadcrumbs, menus), with its label in lists,
// pickers and details; named for screen readers either way.
export function StatusDot({ active, label = false }: { active: boolean; label?: boolean }) {
  const text = active ? "Active" : "Inactive";
  const dot = (
    <span
      role={label ? undefined : "img"}
      aria-label={label ? undefined : text}
      aria-hidden={label ? true : undefined}
      data-testid={label ? undefined : "status-dot"}
      data-active={active}
      className={`inline-block shrink-0 rounded-full ${label ? "h-2.5 w-2.5" : "h-2 w-2"} ${active ? "bg-emerald-500" : "bg-red-500"}`}
    />
  );
  if (!label) return dot;
  return (
    <span className="inline-flex items-center gap-2" data-testid="status" data-active={active}>
      {dot}
      <span className="text-sm text-slate-700">{text}</span>
    </span>
  );
}
