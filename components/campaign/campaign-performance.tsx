// The delivery part of /campaign/details/{id}: the shared delivery block
// (date range, pacing against media spend, tiles and daily chart) and the
// campaign's strategies with their metrics for the same range.
import type { ListView } from "@/lib/list/types";
import { EntityList } from "@/components/list/entity-list";
import { DeliveryPerformance, type DeliveryPerformanceProps } from "@/components/delivery/delivery-performance";

export function CampaignPerformance({
  strategies,
  ...delivery
}: Pick<DeliveryPerformanceProps, "currencyCode" | "dateRange" | "overview" | "pacing"> & { strategies: ListView }) {
  return (
    <DeliveryPerformance {...delivery} idPrefix="campaign" pacingTitle="Pacing (media spend)">
      <section className="space-y-3 rounded-xl border border-slate-200 bg-white p-5 shadow-xs" aria-labelledby="campaign-strategies-title" data-testid="campaign-strategies">
        <h2 id="campaign-strategies-title" className="text-base font-semibold text-slate-900">
          Strategies
        </h2>
        <EntityList view={strategies} />
      </section>
    </DeliveryPerformance>
  );
}
