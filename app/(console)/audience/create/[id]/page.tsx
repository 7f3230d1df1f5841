// /audience/create/{id}: edit an audience (as /creative_set/create/{id}).
// Read-only and demo users, and everyone on an archived audience, see its values disabled.
import { audienceForPage } from "@/lib/audiences/page";
import { audienceFormValues } from "@/lib/audiences/queries";
import { AudienceForm } from "@/components/audience/audience-form";

export const dynamic = "force-dynamic";

export default async function EditAudiencePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { audience, advertiser, canWrite } = await audienceForPage(id);
  const readOnlyReason = audience.isArchived
    ? "This audience is archived and can no longer be changed."
    : canWrite
      ? undefined
      : "You do not have permission to change audiences.";
  return (
    <AudienceForm
      // A reload after a conflict brings a new version: the form starts again from the saved values.
      key={audience.version}
      mode="edit"
      audienceId={audience.id}
      version={audience.version}
      initial={audienceFormValues(audience)}
      advertiser={advertiser}
      canWrite={canWrite}
      readOnlyReason={readOnlyReason}
      segment={{ partnerSegment: audience.partnerSegment, legacyName: audience.dmpSegment }}
    />
  );
}
