// The TRACKING CODE card of a pixel's details: the image tag and the script
// tag, each with a Copy button that says 'Copied' for a moment, and what the
// click_id / imp_id parameters are for (pixel attribution, lib/attribution).
import { TRACKING_PARAMETERS_HELP, type TrackingCode } from "@/lib/pixels/tracking";
import { CodeSnippet } from "@/components/common/code-snippet";

export function TrackingCodeCard({ code }: { code: TrackingCode }) {
  return (
    <section className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-xs" data-testid="tracking-code">
      <h2 className="text-sm font-semibold tracking-wide text-slate-800 uppercase">Tracking Code</h2>
      <CodeSnippet
        variant="inline"
        testId="tracking-image"
        id="image"
        title="Image tag"
        description="Works everywhere, also without JavaScript."
        code={code.image}
      />
      <CodeSnippet
        variant="inline"
        testId="tracking-script"
        id="script"
        title="Script tag"
        description="For pages that load scripts."
        code={code.script}
      />
      <p className="text-sm text-slate-600" data-testid="tracking-parameters">
        {TRACKING_PARAMETERS_HELP}
      </p>
    </section>
  );
}
