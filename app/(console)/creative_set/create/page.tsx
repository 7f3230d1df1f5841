// /creative_set/create: a new creative set (business.md 2, 3). ?advertiserId=N
// starts it under that advertiser. Read-only and demo users see the form disabled.
import { canWrite } from "@/lib/auth/roles";
import { NEVER_ENDING, START_IMMEDIATELY } from "@/lib/creative-sets/rules";
import { advertiserSetOptions, timezoneChoices } from "@/lib/creative-sets/options";
import { presetAdvertiser, userTimezoneId } from "@/lib/creative-sets/page";
import { requireConsoleSession } from "@/lib/auth/request";
import { CreativeSetForm } from "@/components/creative-set/creative-set-form";

export const dynamic = "force-dynamic";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function CreateCreativeSetPage({ searchParams }: { searchParams: SearchParams }) {
  const ctx = await requireConsoleSession();
  const writable = canWrite(ctx.role);
  const [advertiser, timezones, zoneId] = await Promise.all([presetAdvertiser(ctx, (await searchParams).advertiserId), timezoneChoices(), userTimezoneId(ctx)]);
  return (
    <CreativeSetForm
      mode="create"
      initial={{
        advertiserId: advertiser?.id ?? null,
        name: "",
        type: "",
        clickDestinationId: "",
        timezoneId: zoneId,
        dailyMediaBudget: "",
        startTime: START_IMMEDIATELY,
        endTime: NEVER_ENDING,
        scheduledTimezoneId: zoneId,
        dcoAd: false,
        isPlacebo: false,
        sizes: [],
      }}
      advertiser={advertiser}
      advertiserOptions={advertiser ? await advertiserSetOptions(ctx, advertiser.id) : null}
      timezones={timezones}
      canWrite={writable}
      readOnlyReason={writable ? undefined : "You do not have permission to create creative sets."}
    />
  );
}
