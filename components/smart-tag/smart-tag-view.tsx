// The GET SMART TAG tab (business.md 2: /advertiser/details/{id}/smarttag): the
// advertiser's site tag and an event example, each with a Copy button that
// says 'Copied' for a moment.
import { CodeSnippet } from "@/components/common/code-snippet";

export function SmartTagView({ snippet, eventExample }: { snippet: string; eventExample: string }) {
  return (
    <div className="space-y-5" data-testid="smart-tag">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">Smart Tag</h1>
        <p className="mt-1 text-sm text-slate-600">
          Add the tag to every page of the advertiser&apos;s website; it records page views and the events you fire.
        </p>
      </div>
      <CodeSnippet
        variant="card"
        testId="smart-tag-snippet"
        id="snippet"
        title="Site tag"
        description="Paste it into the <head> of every page."
        code={snippet}
      />
      <CodeSnippet
        variant="card"
        testId="smart-tag-event"
        id="event"
        title="Firing events"
        description="After the site tag, call dsptag with the event name and its details."
        code={eventExample}
      />
    </div>
  );
}
