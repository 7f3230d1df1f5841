// /creative_set/details/{id} (business.md 2; opened in a new tab from lists
// and menus): the set's status and actions, its delivery over the user's
// date range, its fields, its connected strategies and its creatives.
import { timezoneChoices } from "@/lib/creative-sets/options";
import { connectedStrategies, creativeSetForPage, creativeSetTiles, userTimezoneId } from "@/lib/creative-sets/page";
import { creativeSetFormValues } from "@/lib/creative-sets/queries";
import { getPageDateRange } from "@/lib/user-settings/queries";
import { CreativeSetDetailsView } from "@/components/creative-set/creative-set-details";
import { RescheduleDialog } from "@/components/creative-set/reschedule-dialog";

export const dynamic = "force-dynamic";

export default async function CreativeSetDetailsPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { ctx, set, advertiser, clickDestination, canWrite } = await creativeSetForPage(id);
  const { range, picker } = await getPageDateRange(ctx);
  const [timezones, zoneId, strategies, tiles] = await Promise.all([
    timezoneChoices(),
    userTimezoneId(ctx),
    connectedStrategies(ctx, set.id),
    creativeSetTiles(ctx, set.id, range),
  ]);
  const zoneOf = (tzId: number) => timezones.find((t) => t.id === tzId) ?? { id: tzId, name: "UTC", iana: "UTC" };
  const scheduled = zoneOf(set.scheduledTimezoneId ?? zoneId);
  const { startTime, endTime, scheduledTimezoneId } = creativeSetFormValues(set, zoneId);
  return (
    <CreativeSetDetailsView
      set={set}
      advertiser={advertiser}
      clickDestination={clickDestination}
      timezoneName={zoneOf(set.timezoneId).name}
      scheduleZone={scheduled}
      strategies={strategies}
      tiles={tiles}
      dateRange={picker}
      canWrite={canWrite}
      actions={
        <RescheduleDialog
          key={set.version}
          setId={set.id}
          version={set.version}
          initial={{ startTime, endTime, scheduledTimezoneId }}
          saved={{ startTime: set.startTime, endTime: set.endTime }}
          timezones={timezones}
          disabled={!canWrite}
        />
      }
    >
      {/* The set's creatives (list, upload, add) come from the creatives screens; until they are wired in, only the heading. */}
      <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-xs" data-testid="creative-set-creatives" aria-labelledby="creative-set-creatives-title">
        <h2 id="creative-set-creatives-title" className="text-sm font-semibold tracking-wide text-slate-800 uppercase">
          Creatives
        </h2>
      </section>
    </CreativeSetDetailsView>
  );
}
