// /creative_set/details/{id} (business.md 2; opened in a new tab from lists
// and menus): the set's status and actions, its delivery over the user's
// date range, its fields, its connected strategies and its creatives (the
// creatives screens' list of the set, and 'Associate strategies' from the set).
import { timezoneChoices } from "@/lib/creative-sets/options";
import { connectedStrategies, creativeSetForPage, creativeSetTiles, userTimezoneId } from "@/lib/creative-sets/page";
import { creativeSetFormValues } from "@/lib/creative-sets/queries";
import { getPageDateRange } from "@/lib/user-settings/queries";
import { CreativeSetDetailsView } from "@/components/creative-set/creative-set-details";
import { RescheduleDialog } from "@/components/creative-set/reschedule-dialog";
import { AssociateStrategiesDialog } from "@/components/creative/associate-strategies-dialog";
import { CreativeSetCreatives } from "@/components/creative/creative-set-creatives";

export const dynamic = "force-dynamic";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function CreativeSetDetailsPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: SearchParams }) {
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
        <>
          <AssociateStrategiesDialog kind="creative_set" ids={[set.id]} advertiserId={set.advertiserId} creativeType={set.type} disabled={!canWrite} />
          <RescheduleDialog
            key={set.version}
            setId={set.id}
            version={set.version}
            initial={{ startTime, endTime, scheduledTimezoneId }}
            saved={{ startTime: set.startTime, endTime: set.endTime }}
            timezones={timezones}
            disabled={!canWrite}
          />
        </>
      }
    >
      <CreativeSetCreatives
        ctx={ctx}
        creativeSetId={set.id}
        advertiserId={set.advertiserId}
        creativeSetType={set.type}
        canWrite={canWrite}
        searchParams={await searchParams}
      />
    </CreativeSetDetailsView>
  );
}
