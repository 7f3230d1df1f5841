// What a verified VAST/VPAID tag holds (its VastSummary): version, ads,
// duration, media files and tracking events. Shown beside a tag after
// 'Verify' and on the creative details page.
import type { VastSummary } from "@/lib/creatives/media/types";

export interface VastSummaryViewProps {
  summary: VastSummary;
}

export function VastSummaryView({ summary }: VastSummaryViewProps) {
  return (
    <div className="space-y-2 text-sm" data-testid="vast-summary">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="text-slate-500">VAST version</dt>
        <dd>{summary.version || "Not stated"}</dd>
        <dt className="text-slate-500">Ads</dt>
        <dd>{summary.adCount}</dd>
        <dt className="text-slate-500">Duration</dt>
        <dd>{summary.durationSeconds === null ? "Not stated" : `${summary.durationSeconds} s`}</dd>
        <dt className="text-slate-500">VPAID</dt>
        <dd>{summary.isVpaid ? "Yes" : "No"}</dd>
        <dt className="text-slate-500">Tracking events</dt>
        <dd>{summary.trackingEvents.length ? summary.trackingEvents.join(", ") : "None"}</dd>
      </dl>
      <table className="w-full border-collapse text-xs">
        <caption className="mb-1 text-left text-sm text-slate-500">Media files ({summary.mediaFiles.length})</caption>
        <thead>
          <tr className="border-b border-slate-200 text-left text-slate-600">
            <th scope="col" className="py-1 pr-2 font-medium">Type</th>
            <th scope="col" className="py-1 pr-2 font-medium">Size</th>
            <th scope="col" className="py-1 pr-2 font-medium">Bitrate</th>
            <th scope="col" className="py-1 pr-2 font-medium">API</th>
            <th scope="col" className="py-1 font-medium">Link</th>
          </tr>
        </thead>
        <tbody>
          {summary.mediaFiles.map((file, i) => (
            <tr key={`${file.url}-${i}`} className="border-b border-slate-100 align-top">
              <td className="py-1 pr-2">{file.type || "?"}</td>
              <td className="py-1 pr-2">{file.width && file.height ? `${file.width}x${file.height}` : "?"}</td>
              <td className="py-1 pr-2">{file.bitrateKbps === null ? "?" : `${file.bitrateKbps} Kbps`}</td>
              <td className="py-1 pr-2">{file.apiFramework ?? ""}</td>
              <td className="max-w-[16rem] truncate py-1 font-mono" title={file.url}>
                {file.url}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
