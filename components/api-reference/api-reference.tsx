// The API reference page (/home/api_reference): the OpenAPI document of the
// REST API rendered on the server (no third-party viewer: the CSP allows no
// other origin), with a table of contents, every operation by resource and
// every schema. Rows come from lib/api/reference.ts.
import { buttonClass } from "@/components/ui/button";
import type { OperationView, ReferenceView } from "@/lib/api/reference";
import { FieldTable, ResponseTable } from "./field-table";

const METHOD_COLOURS: Record<string, string> = {
  GET: "bg-sky-100 text-sky-800",
  POST: "bg-emerald-100 text-emerald-800",
  PATCH: "bg-amber-100 text-amber-900",
};

function MethodBadge({ method }: { method: string }) {
  return <span className={`inline-block w-16 rounded px-2 py-0.5 text-center font-mono text-xs font-semibold ${METHOD_COLOURS[method] ?? "bg-slate-100 text-slate-800"}`}>{method}</span>;
}

function Operation({ op }: { op: OperationView }) {
  const titleId = `${op.id}-title`;
  return (
    <article id={op.id} aria-labelledby={titleId} className="space-y-3 rounded-lg border border-slate-200 bg-white p-4" data-testid="api-operation">
      <h3 id={titleId} className="flex flex-wrap items-center gap-3 text-sm font-semibold text-slate-900">
        <MethodBadge method={op.method} />
        <code className="font-mono">{op.path}</code>
        <span className="font-normal text-slate-600">{op.summary}</span>
      </h3>
      {op.description ? <p className="text-sm text-slate-600">{op.description}</p> : null}
      {op.parameters.length > 0 ? (
        <section aria-label={`${op.summary}: parameters`}>
          <h4 className="mb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">Parameters</h4>
          <FieldTable rows={op.parameters} label={`Parameters of ${op.method} ${op.path}`} withLocation />
        </section>
      ) : null}
      {op.body.length > 0 ? (
        <section aria-label={`${op.summary}: request body`}>
          <h4 className="mb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">Request body (JSON)</h4>
          <FieldTable rows={op.body} label={`Request body of ${op.method} ${op.path}`} />
        </section>
      ) : null}
      <section aria-label={`${op.summary}: responses`}>
        <h4 className="mb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">Responses</h4>
        <ResponseTable rows={op.responses} label={`Responses of ${op.method} ${op.path}`} />
      </section>
    </article>
  );
}

export function ApiReference({ view, documentUrl }: { view: ReferenceView; documentUrl: string }) {
  return (
    <div className="max-w-6xl space-y-8">
      <header className="space-y-2">
        <h1 className="text-xl font-semibold text-slate-900">API Reference</h1>
        <p className="text-sm text-slate-600">{view.description}</p>
        <p className="text-sm text-slate-600">
          Base URL <code className="font-mono">{view.baseUrl}</code>. Answers carry the result in <code className="font-mono">respObject</code>;
          failures the <a href="#schema-Error" className="text-primary underline underline-offset-2">error envelope</a> with the HTTP status.
        </p>
        <ul className="list-disc space-y-1 pl-5 text-sm text-slate-600" aria-label="Authentication">
          {view.security.map((s) => (
            <li key={s.name}>{s.description}</li>
          ))}
        </ul>
        <a href={documentUrl} className={buttonClass("secondary", "sm")} download="openapi.json" data-testid="openapi-download">
          OpenAPI document (JSON)
        </a>
      </header>

      <nav aria-label="API resources" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 className="mb-2 text-sm font-semibold text-slate-900">Resources</h2>
        <ul className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2 lg:grid-cols-3">
          {view.groups.map((group) => (
            <li key={group.tag}>
              <a href={`#tag-${group.tag.replace(/\s+/g, "-")}`} className="text-primary underline-offset-2 hover:underline">
                {group.tag}
              </a>{" "}
              <span className="text-slate-500">({group.operations.length})</span>
            </li>
          ))}
        </ul>
      </nav>

      {view.groups.map((group) => (
        <section key={group.tag} id={`tag-${group.tag.replace(/\s+/g, "-")}`} aria-labelledby={`tag-${group.tag.replace(/\s+/g, "-")}-title`} className="space-y-3">
          <h2 id={`tag-${group.tag.replace(/\s+/g, "-")}-title`} className="text-lg font-semibold text-slate-900 capitalize">
            {group.tag}
          </h2>
          {group.description ? <p className="text-sm text-slate-600">{group.description}</p> : null}
          {group.operations.map((op) => (
            <Operation key={op.id} op={op} />
          ))}
        </section>
      ))}

      <section aria-labelledby="schemas-title" className="space-y-3">
        <h2 id="schemas-title" className="text-lg font-semibold text-slate-900">
          Schemas
        </h2>
        {view.schemas.map((schema) => (
          <section key={schema.name} id={`schema-${schema.name}`} aria-label={`Schema ${schema.name}`} className="space-y-1">
            <h3 className="font-mono text-sm font-semibold text-slate-900">{schema.name}</h3>
            <FieldTable rows={schema.fields} label={`Fields of ${schema.name}`} />
          </section>
        ))}
      </section>
    </div>
  );
}
