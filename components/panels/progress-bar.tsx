/** The thin bar under a side panel's header while a page loads. */
export function ProgressBar({ active }: { active: boolean }) {
  return (
    <div className="h-1 w-full shrink-0 overflow-hidden bg-transparent" role={active ? "progressbar" : undefined} aria-label={active ? "Loading" : undefined}>
      {active && <div className="h-full w-full animate-pulse bg-primary" />}
    </div>
  );
}
