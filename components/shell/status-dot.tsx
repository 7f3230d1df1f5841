/** Green dot for an active entity, red for an inactive one (shell.md 2.7), named for screen readers. */
export function Dot({ active }: { active: boolean }) {
  return (
    <span
      role="img"
      aria-label={active ? "Active" : "Inactive"}
      data-testid="status-dot"
      data-active={active}
      className={`inline-block h-2 w-2 shrink-0 rounded-full ${active ? "bg-emerald-500" : "bg-red-500"}`}
    />
  );
}
