// /creative_set/create/{id}: edit a creative set (as /campaign/create/{id}).
// Read-only and demo users, and everyone on an archived set, see its values disabled.
import { advertiserSetOptions, timezoneChoices } from "@/lib/creative-sets/options";
import { creativeSetForPage, userTimezoneId } from "@/lib/creative-sets/page";
import { creativeSetFormValues } from "@/lib/creative-sets/queries";
import { CreativeSetForm } from "@/components/creative-set/creative-set-form";

export const dynamic = "force-dynamic";

export default async function EditCreativeSetPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { ctx, set, advertiser, canWrite } = await creativeSetForPage(id);
  const [timezones, zoneId, options] = await Promise.all([timezoneChoices(), userTimezoneId(ctx), advertiserSetOptions(ctx, set.advertiserId)]);
  const readOnlyReason = set.isArchived
    ? "This creative set is archived and can no longer be changed."
    : canWrite
      ? undefined
      : "You do not have permission to change creative sets.";
  return (
    <CreativeSetForm
      // A reload after a conflict brings a new version: the form starts again from the saved values.
      key={set.version}
      mode="edit"
      setId={set.id}
      version={set.version}
      initial={creativeSetFormValues(set, zoneId)}
      saved={{ startTime: set.startTime, endTime: set.endTime }}
      advertiser={advertiser}
      advertiserOptions={options}
      timezones={timezones}
      canWrite={canWrite}
      readOnlyReason={readOnlyReason}
    />
  );
}
