"use client";
// The conflict notice of an entity form (EntityFormFrame, the strategy
// wizard, forms within a details page or a drawer): shown after a save refused
// because someone else saved first (useEntityForm's `conflict`), with 'Reload
// latest version'. Test ids `${testId}-conflict` and `${testId}-reload`.
import { Button } from "@/components/ui/button";

export function ConflictNotice({ conflict, onReload, testId }: { conflict: boolean; onReload(): void; testId: string }) {
  if (!conflict) return null;
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm text-slate-700" data-testid={`${testId}-conflict`}>
      <span>Your changes are still in the form. Reloading shows the latest saved version instead.</span>
      <Button size="sm" onClick={onReload} data-testid={`${testId}-reload`}>
        Reload latest version
      </Button>
    </div>
  );
}
