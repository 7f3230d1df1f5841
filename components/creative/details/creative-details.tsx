// /creative/details/{id}: the header (name, id, status with Activate /
// Deactivate after the 'Warning' question, Edit, Associate Strategies), the
// preview at the creative's size, its fields in sections, its sets and
// strategies, its delivery over the user's date range and its review status
// on every exchange.
import Link from "next/link";
import type { CreativeDetails } from "@/lib/creatives/queries";
import type { CreativeReviewView } from "@/lib/creatives/reviews";
import { REVIEW_STATUS_LABELS } from "@/lib/creatives/reviews";
import { mediaIconOf } from "@/lib/creatives/media-kind";
import { creativeTypeText } from "@/lib/creatives/type-labels";
import { AD_MARKING_LABELS, CREATIVE_MESSAGES, lacksClickDestination, lacksIdentifiers, needsIdentifiers } from "@/lib/creatives/schema";
import type { MetricValues } from "@/lib/list/columns";
import { formatMetricValue } from "@/lib/format";
import { getMetric } from "@/lib/metrics/catalogue";
import { DetailsSection } from "@/components/common/details-section";
import { EntityStatusActions } from "@/components/common/entity-status-actions";
import { StatusDot } from "@/components/ui/status-dot";
import { WarningNote } from "@/components/ui/warning-note";
import { CreativePreview } from "../creative-preview";
import { AssociateStrategiesDialog } from "../associate-strategies-dialog";
import { CreativeEditDialog } from "./creative-edit-dialog";
import { VastSummaryView } from "../ad-tags/vast-summary-view";
import { CreativeReviewsTable } from "./creative-reviews-table";

export interface CreativeDetailsViewProps {
  creative: CreativeDetails;
  /** HTML5 creatives: the signed URL their sandboxed preview loads (lib/creatives/list.ts htmlPreviewUrl). */
  previewUrl?: string | null;
  advertiser: { id: number; name: string; currencyCode: string };
  clickDestinations: { id: number; name: string }[];
  sets: { id: number; name: string; active: boolean }[];
  strategies: { id: number; name: string; active: boolean }[];
  reviews: CreativeReviewView[];
  metrics: MetricValues | null;
  metricIds: readonly string[];
  canWrite: boolean;
  /** Demo users see write controls disabled; read-only users do not see them. */
  showWriteControls: boolean;
}

export function CreativeDetailsView(p: CreativeDetailsViewProps) {
  const c = p.creative;
  const disabled = !p.canWrite || c.isArchived;
  const clickDestination = lacksClickDestination(c) ? CREATIVE_MESSAGES.clickDestinationMissingShort : (p.clickDestinations.find((d) => d.id === c.clickDestinationId)?.name ?? "-");
  const media = mediaIconOf({ type: c.type, mimeType: c.mimeType });
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-xs" data-testid="creative-header">
        <div className="min-w-0">
          <p className="text-sm text-slate-600">
            <Link href={`/advertiser/details/${p.advertiser.id}`} className="hover:underline">
              {p.advertiser.name}
            </Link>{" "}
            › Creative
          </p>
          <h1 className="truncate text-2xl font-semibold text-slate-900" data-testid="creative-name">
            {c.name}
          </h1>
          <p className="text-sm text-slate-600">
            #{c.id} · <StatusDot active={c.active} label />
          </p>
        </div>
        {p.showWriteControls && (
          <div className="flex flex-wrap items-center gap-2">
            <CreativeEditDialog
              id={c.id}
              version={c.version}
              type={c.type}
              values={{ name: c.name, clickDestinationId: c.clickDestinationId, kktuCode: c.kktuCode ?? "", person: c.person ?? "", erId: c.erId ?? "" }}
              clickDestinations={p.clickDestinations}
              disabled={disabled}
            />
            <AssociateStrategiesDialog kind="creative" ids={[c.id]} advertiserId={c.advertiserId} creativeType={c.type} disabled={disabled} />
            {!c.isArchived && (
              <EntityStatusActions entity="creative" names={{ singular: "creative", plural: "creatives" }} id={c.id} active={c.active} disabled={!p.canWrite} testIdPrefix="creative" />
            )}
          </div>
        )}
      </div>

      {lacksIdentifiers(c.type, c) ? (
        <WarningNote testId="creative-identifiers-missing" emphasized>
          {CREATIVE_MESSAGES.identifiersMissing}
        </WarningNote>
      ) : null}
      {lacksClickDestination(c) ? (
        <WarningNote testId="creative-click-destination-missing" emphasized>
          {CREATIVE_MESSAGES.clickDestinationMissing}
        </WarningNote>
      ) : null}

      <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-xs" data-testid="creative-preview" aria-label="Preview">
        {c.type === "THIRD_PARTY_VIDEO_AD_TAGS" && c.vastSummary ? (
          <div className="space-y-3" data-testid="creative-vast-summary">
            <VastSummaryView summary={c.vastSummary} />
            <pre className="max-h-48 overflow-auto rounded bg-slate-50 p-3 text-xs" data-testid="creative-ad-tag">
              {c.adTag}
            </pre>
          </div>
        ) : c.adTag ? (
          <pre className="max-h-48 overflow-auto rounded bg-slate-50 p-3 text-xs" data-testid="creative-ad-tag">
            {c.adTag}
          </pre>
        ) : (
          <CreativePreview media={media} fileUrl={c.fileUrl} previewUrl={p.previewUrl} width={c.width} height={c.height} name={c.name} />
        )}
      </section>

      <div className="grid gap-5 lg:grid-cols-2">
        <DetailsSection
          title="Creative"
          testId="creative-fields"
          rows={[
            ["Type", creativeTypeText(c.type, c.isDco)],
            ["Size", `${c.width}x${c.height}`],
            ["Click destination", clickDestination],
            ["Created", new Date(c.createdAt).toUTCString()],
            ...(c.mimeType ? ([["File type", c.mimeType]] as const) : []),
            ...(c.fileSizeBytes ? ([["File size", `${c.fileSizeBytes.toLocaleString("en-US")} B`]] as const) : []),
            ...(c.durationMs ? ([["Duration", `${(c.durationMs / 1000).toFixed(1)} s`]] as const) : []),
            ...(c.bitrateKbps ? ([["Bitrate", `${c.bitrateKbps} Kbps`]] as const) : []),
            ...(needsIdentifiers(c.type) || c.kktuCode
              ? ([
                  [AD_MARKING_LABELS.kktuCode, c.kktuCode || "-"],
                  [AD_MARKING_LABELS.person, c.person || "-"],
                  [AD_MARKING_LABELS.erId, c.erId || "-"],
                ] as const)
              : []),
            ...(c.properties.defaultImageMacro ? ([["Default image", `{${c.properties.defaultImageMacro}}`]] as const) : []),
            ...(c.properties.dimensions?.length ? ([["Dimensions", c.properties.dimensions.join(", ")]] as const) : []),
            ...(c.properties.title ? ([["Title", c.properties.title]] as const) : []),
          ]}
        />
        <DetailsSection
          title="Sets and strategies"
          testId="creative-links"
          rows={[
            ["Creative sets", p.sets.length ? p.sets.map((s) => <Link key={s.id} href={`/creative_set/details/${s.id}`} target="_blank" className="mr-2 text-primary hover:underline">{s.name}</Link>) : "-", "sets"],
            ["Strategies", p.strategies.length ? p.strategies.map((s) => <Link key={s.id} href={`/strategy/details/${s.id}`} className="mr-2 text-primary hover:underline" data-testid="creative-strategy-link">{s.name}</Link>) : "-", "strategies"],
          ]}
        />
      </div>

      {p.metrics && (
        <section className="grid grid-cols-2 gap-3 md:grid-cols-4" data-testid="creative-metrics" aria-label="Delivery">
          {p.metricIds.map((id) => {
            const def = getMetric(id);
            if (!def || !(id in p.metrics!)) return null;
            return (
              <div key={id} className="rounded-xl border border-slate-200 bg-white p-4">
                <p className="text-xs text-slate-500">{def.title}</p>
                <p className="text-lg font-semibold tabular-nums">{formatMetricValue(p.metrics![id], def.type, p.advertiser.currencyCode)}</p>
              </div>
            );
          })}
        </section>
      )}

      <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-xs" aria-labelledby="creative-reviews-title">
        <h2 id="creative-reviews-title" className="text-sm font-semibold tracking-wide text-slate-800 uppercase">
          Review status per exchange
        </h2>
        <CreativeReviewsTable reviews={p.reviews.map((r) => ({ ...r, statusLabel: REVIEW_STATUS_LABELS[r.status] }))} />
      </section>
    </div>
  );
}
