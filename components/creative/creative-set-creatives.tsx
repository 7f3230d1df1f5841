// The creatives of one creative set, for the set's details page: the shared
// creative list limited to the set (no advertiser or type filter: they are
// the set's), its metrics over the user's date range, bulk activate /
// deactivate, 'Associate Strategies' for selected rows, and 'Add Creatives'
// for users who may write. A VIDEO set also offers its videos from an HLS
// stream (the conversion panel: each finished conversion is a creative of the set).
import type { SessionContext } from "@/lib/auth/context";
import type { CreativeType } from "@/lib/generated/prisma/enums";
import type { SearchParamsInput } from "@/lib/list/url-state";
import { tenantDb } from "@/lib/data/tenant-db";
import { loadCreativeListView, creativeListExtra } from "@/lib/creatives/list";
import { aggregators } from "@/lib/creatives/reviews";
import { catalogVariables, clickDestinationOptions, creativeNameFormat } from "@/lib/creatives/queries";
import { listWriteControls } from "@/lib/auth/roles";
import { CreativeList } from "./list/creative-list";
import { AddCreativesDialog } from "./add-creatives-dialog";
import { HlsConversionPanel } from "./conversion/hls-conversion-panel";

export interface CreativeSetCreativesProps {
  ctx: SessionContext;
  creativeSetId: number;
  advertiserId: number;
  creativeSetType: CreativeType;
  canWrite: boolean;
  searchParams: SearchParamsInput;
}

export async function CreativeSetCreatives({ ctx, creativeSetId, advertiserId, creativeSetType, canWrite, searchParams }: CreativeSetCreativesProps) {
  const db = tenantDb(ctx);
  const writeControls = canWrite ? listWriteControls(ctx.role) : listWriteControls(ctx.role) === "hidden" ? "hidden" : "disabled";
  const [view, exchanges, set, nameFormat, clickDestinations, variables] = await Promise.all([
    loadCreativeListView(ctx, searchParams, { creativeSetId, writeControls }),
    aggregators(),
    db.creativeSet.findUnique({ where: { id: creativeSetId }, select: { name: true, clickDestinationId: true } }),
    creativeNameFormat(db, advertiserId),
    clickDestinationOptions(db, advertiserId),
    creativeSetType === "DYNAMIC_MACRO" ? catalogVariables(db, advertiserId) : Promise.resolve(new Set<string>()),
  ]);
  const extra = creativeListExtra(searchParams, creativeSetId);
  return (
    <section className="space-y-3" data-testid="creative-set-creatives" aria-label="Creatives">
      <h2 className="text-lg font-semibold text-slate-900">Creatives</h2>
      <CreativeList
        view={view}
        filters={{ type: null, review: extra.reviewStatus, exchange: extra.exchangeId }}
        typeOptions={null}
        exchanges={exchanges}
        actions={
          writeControls !== "hidden" ? (
            <AddCreativesDialog
              creativeSetId={creativeSetId}
              creativeSetName={set?.name ?? ""}
              creativeSetType={creativeSetType}
              advertiserId={advertiserId}
              nameFormat={nameFormat}
              clickDestinations={clickDestinations}
              creativeSetClickDestinationId={set?.clickDestinationId ?? null}
              catalogVariables={[...variables].sort()}
              disabled={writeControls !== "enabled"}
            />
          ) : null
        }
      />
      {creativeSetType === "VIDEO" && writeControls !== "hidden" ? (
        <HlsConversionPanel advertiserId={advertiserId} creativeSetId={creativeSetId} canWrite={writeControls === "enabled"} />
      ) : null}
    </section>
  );
}
