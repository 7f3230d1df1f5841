// The conversion report's pixel tables (lib/reports/pixel-conversions.ts):
// conversions by pixel with their attribution, value and mean time to
// convert, then how long after the click or impression they came.
import { formatDuration } from "@/lib/attribution/time-to-convert";
import { formatMetricValue } from "@/lib/format";
import type { PixelConversionReport } from "@/lib/reports/pixel-conversions";
import { TimeToConvertChart } from "./time-to-convert-chart";

// shell.md 3: pixel type names.
const PIXEL_TYPES: Record<string, string> = { VIEW_CONV: "View Conversions", CLICK_CONV: "Click Conversions", HYBRID_CONV: "Hybrid" };

const number = (v: number) => formatMetricValue(v, "number");

/** A header row: text columns, then right-aligned number columns. */
function Head({ text, numbers }: { text: string[]; numbers: string[] }) {
  return (
    <thead className="text-left text-slate-500">
      <tr>
        {text.map((t) => (
          <th key={t} className="py-1">
            {t}
          </th>
        ))}
        {numbers.map((t) => (
          <th key={t} className="py-1 text-right">
            {t}
          </th>
        ))}
      </tr>
    </thead>
  );
}
const cell = "py-1 text-right tabular-nums";

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
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <Head text={["Pixel", "Type"]} numbers={["Fires", "Conversions", "Click Conversions", "View Conversions", "Value", "Mean Time to Convert"]} />
              <tbody>
                {report.pixels.map((p) => (
                  <tr key={p.id} className="border-t border-slate-100" data-testid={`report-pixel-${p.id}`}>
                    <td className="py-1">{p.name}</td>
                    <td className="py-1">{PIXEL_TYPES[p.type] ?? p.type}</td>
                    <td className={cell}>{number(p.fires)}</td>
                    <td className={cell}>{number(p.conversions)}</td>
                    <td className={cell}>{number(p.clickConversions)}</td>
                    <td className={cell}>{number(p.viewConversions)}</td>
                    <td className={cell}>{formatMetricValue(p.value, "currency", currencyCode)}</td>
                    <td className={cell}>{formatDuration(p.meanSecondsToConvert)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
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
            <table className="w-full text-sm">
              <Head text={["After the touch"]} numbers={["Click", "View", "Share"]} />
              <tbody>
                {report.timeToConvert.map((b) => (
                  <tr key={b.label} className="border-t border-slate-100">
                    <td className="py-1">{b.label}</td>
                    <td className={cell}>{number(b.clickConversions)}</td>
                    <td className={cell}>{number(b.viewConversions)}</td>
                    <td className={cell}>{formatMetricValue(((b.clickConversions + b.viewConversions) / total) * 100, "percentage")}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
