"use client";
// Activity Logs side panel (shell.md 2.10, 4, 9): 60% wide, module filter,
// 'Showing {loaded}/{total}', entries grouped Today / Yesterday / Older by the
// start of the UTC day, 20 a page with more on scroll.
import { useCallback, useState } from "react";
import { listActivityAction } from "@/lib/activity/actions";
import { groupByDay } from "@/lib/activity/day-group";
import type { ActivityModule } from "@/lib/activity/entities";
import type { ActivityItem } from "@/lib/activity/queries";
import { expiredSession } from "@/components/account/session-events";
import { ProgressBar } from "@/components/panels/progress-bar";
import { LAYER } from "@/components/ui/layers";
import { PanelDialog } from "@/components/panels/panel-dialog";
import { usePagedList } from "@/components/panels/use-paged-list";
import { ActivityEntry } from "./activity-entry";
import { ModuleFilter } from "./module-filter";

export const ACTIVITY_TEXTS = {
  empty: "No logs available",
  loading: "Loading activity logs. Please wait...",
  end: "End of activity logs",
} as const;

export function ActivityPanel({ onClose }: { onClose: () => void }) {
  const [modules, setModules] = useState<ActivityModule[]>([]);
  const fetchPage = useCallback(
    async (page: number) => {
      const result = await listActivityAction({ page, modules });
      if (!result.ok) {
        if (!expiredSession(result)) console.error("activity logs failed to load", result.formError);
        return null;
      }
      return { items: result.data.data, total: result.data.totalNoOfRecords };
    },
    [modules],
  );
  const { items: loaded, total, loading, done, bindScroller, onScroll } = usePagedList<ActivityItem>(fetchPage, modules.join(","));

  return (
    <PanelDialog
      onClose={onClose}
      placement="right"
      title="Activity Logs"
      width="60%"
      testId="activity-panel"
      headerExtra={
        <>
          <span className="text-sm text-slate-600" data-testid="activity-count">
            Showing {loaded.length}/{total}
          </span>
          <ModuleFilter value={modules} onChange={setModules} />
        </>
      }
    >
      <ProgressBar active={loading} />
      <div ref={bindScroller} onScroll={onScroll} className="min-h-0 flex-1 overflow-y-auto" data-testid="activity-scroll">
        {loaded.length === 0 ? (
          <p className="px-5 py-10 text-center text-sm text-slate-500">{loading ? ACTIVITY_TEXTS.loading : ACTIVITY_TEXTS.empty}</p>
        ) : (
          <>
            {groupByDay(loaded, (i) => i.group).map(({ group, items }) => (
              <section key={`${group}-${items[0].id}`} aria-label={group}>
                <h3 className={`sticky top-0 ${LAYER.sticky} bg-slate-50 px-5 py-1.5 text-xs font-semibold text-slate-500`}>
                  {group}
                </h3>
                <ul>
                  {items.map((item) => (
                    <ActivityEntry key={item.id} item={item} />
                  ))}
                </ul>
              </section>
            ))}
            {done && <p className="py-4 text-center text-xs text-slate-400">{ACTIVITY_TEXTS.end}</p>}
          </>
        )}
      </div>
    </PanelDialog>
  );
}
