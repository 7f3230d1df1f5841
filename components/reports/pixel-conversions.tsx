"use client";
// The conversion report's pixel tables (lib/reports/pixel-conversions.ts):
// conversions by pixel with their attribution, value and mean time to
// convert, then how long after the click or impression they came. A client
// part of the server-rendered report: the shared table renders its cells with functions.
import { formatDuration } from "@/lib/attribution/time-to-convert";
import { formatMetricValue } from "@/lib/format";
import type { PixelConversionReport } from "@/lib/reports/pixel-conversions";
import { createDataColumns, DataTable } from "@/components/ui/data-table";
import { TimeToConvertChart } from "./time-to-convert-chart";

// shell.md 3: pixel type names.
const PIXEL_TYPES: Record<string, string> = { VIEW_CONV: "View Conversions", CLICK_CONV: "Click Conversions", HYBRID_CONV: "Hybrid" };

const number = (v: number) => formatMetricValue(v, "number");

type Pixel = PixelConversionReport["pixels"][number];
type Band = PixelConversionReport["timeToConvert"][number];

const pixelColumn = createDataColumns<Pixel>();
const bandColumn = createDataColumns<Band>();
const NUMBER = { numeric: true };

function pixelColumns(currencyCode: string) {
  return [
    pixelColumn.accessor("name", { id: "name", header: "Pixel" }),
    pixelColumn.accessor((p) => PIXEL_TYPES[p.type] ?? p.type, { id: "type", header: "Type" }),
    pixelColumn.accessor((p) => number(p.fires), { id: "fires", header: "Fires", meta: NUMBER }),
    pixelColumn.accessor((p) => number(p.conversions), { id: "conversions", header: "Conversions", meta: NUMBER }),
    pixelColumn.accessor((p) => number(p.clickConversions), { id: "clickConversions", header: "Click Conversions", meta: NUMBER }),
    pixelColumn.accessor((p) => number(p.viewConversions), { id: "viewConversions", header: "View Conversions", meta: NUMBER }),
    pixelColumn.accessor((p) => formatMetricValue(p.value, "currency", currencyCode), { id: "value", header: "Value", meta: NUMBER }),
    pixelColumn.accessor((p) => formatDuration(p.meanSecondsToConvert), { id: "meanTime", header: "Mean Time to Convert", meta: NUMBER }),
  ];
}

/** The bands; `total` (every conversion, not 0) makes each band's share. */
function bandColumns(total: number) {
  return [
    bandColumn.accessor("label", { id: "band", header: "After the touch" }),
    bandColumn.accessor((b) => number(b.clickConversions), { id: "click", header: "Click", meta: NUMBER }),
    bandColumn.accessor((b) => number(b.viewConversions), { id: "view", header: "View", meta: NUMBER }),
    bandColumn.accessor((b) => formatMetricValue(((b.clickConversions + b.viewConversions) / total) * 100, "percentage"), { id: "share", header: "Share", meta: NUMBER }),
  ];
}

/** Inside the sections' cards: a thin border, no card of its own. */
const FRAME = "overflow-hidden rounded-lg border border-slate-200";

export function PixelConversions({ report, currencyCode }: { report: PixelConversionReport; currencyCode: string }) {
  const total = report.timeToConvert.reduce((sum, b) => sum + b.clickConversions + b.viewConversions, 0);
  return (
    <>
      <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-xs" data-testid="report-pixels">
        <h2 className="mb-1 text-base font-semibold text-slate-900">Conversions by pixel</h2>
        <p className="mb-2 text-xs text-slate-500">
          Fires are every fire of the pixel in the range; conversions are the fires credited to an ad through its click or impression id.
          {report.filtersNotApplied.length > 0 ? ` Filters on ${report.filtersNotApplied.join(", ")} do not apply here: pixel conversions do not carry them.` : ""}
        </p>
        {report.pixels.length === 0 ? (
          <p className="text-sm text-slate-500">No pixels.</p>
        ) : (
          <DataTable
            columns={pixelColumns(currencyCode)}
            rows={report.pixels}
            rowId={(p) => p.id}
            emptyText={null}
            density="compact"
            className={FRAME}
            scrollFocusable
            label="Conversions by pixel"
            rowAttributes={(p) => ({ "data-testid": `report-pixel-${p.id}` })}
          />
        )}
      </section>
      <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-xs" data-testid="report-time-to-convert">
        <h2 className="mb-1 text-base font-semibold text-slate-900">Time to convert</h2>
        <p className="mb-2 text-xs text-slate-500">From the click or impression to the pixel fire credited to it.</p>
        {total === 0 ? (
          <p className="text-sm text-slate-500">No pixel conversions in this range.</p>
        ) : (
          <div className="grid gap-4 lg:grid-cols-2">
            <TimeToConvertChart bands={report.timeToConvert} />
            <DataTable
              columns={bandColumns(total)}
              rows={report.timeToConvert}
              rowId={(b) => b.label}
              emptyText={null}
              density="compact"
              className={FRAME}
              scrollFocusable
              label="Time to convert"
            />
          </div>
        )}
      </section>
    </>
  );
}
