// /audience/create: a new audience (business.md 2, 3). ?advertiserId=N starts it
// under that advertiser. Read-only and demo users see the form disabled.
import { canWrite } from "@/lib/auth/roles";
import { presetAdvertiser } from "@/lib/audiences/page";
import { LOOKALIKE_SIZE, USER_EXPIRY } from "@/lib/audiences/schema";
import { requireConsoleSession } from "@/lib/auth/request";
import { AudienceForm } from "@/components/audience/audience-form";

export const dynamic = "force-dynamic";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function CreateAudiencePage({ searchParams }: { searchParams: SearchParams }) {
  const ctx = await requireConsoleSession();
  const writable = canWrite(ctx.role);
  const advertiser = await presetAdvertiser(ctx, (await searchParams).advertiserId);
  return (
    <AudienceForm
      mode="create"
      initial={{
        advertiserId: advertiser?.id ?? null,
        name: "",
        description: "",
        source: "",
        kind: "MMP_RULE",
        deviceIdentifier: "ADID",
        consentType: "BOTH",
        osTypeId: "",
        userExpiryDays: String(USER_EXPIRY.default),
        partnerSegmentId: "",
        seedAudienceId: "",
        lookAlikeSize: String(LOOKALIKE_SIZE.default),
        ruleGroups: [],
      }}
      advertiser={advertiser}
      canWrite={writable}
      readOnlyReason={writable ? undefined : "You do not have permission to create audiences."}
    />
  );
}
