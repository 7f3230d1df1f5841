"use client";
// The do-not-block screen (shell.md 2.13, 5, 9): the apps rule runs must never
// block. Add apps by searching those that delivered for the strategy over the
// past 30 days (from 2 characters, after a 500 ms pause), by uploading a CSV,
// or by pasting a list (comma, newline or tab separated); Validate matches the
// entries to known apps, reports '{n} site(s) added' and '{n} Invalid site(s)'
// and leaves the invalid entries in the box. Save replaces the list.
import { useEffect, useRef, useState } from "react";
import { saveNeverBlockAppsAction, searchAppsAction, validateAppsAction } from "@/lib/optimization/actions";
import { APP_SEARCH, CSV_ONLY_MESSAGE, isCsvFile, parseAppList, validationSummary } from "@/lib/optimization/app-list";
import type { AppChoice } from "@/lib/optimization/never-block";
import { SERVER_ERROR_MESSAGE } from "@/lib/actions/result";
import { Button } from "@/components/ui/button";
import { FormError, inputClass } from "@/components/ui/field";

function useAppSearch(strategyId: number, text: string): AppChoice[] {
  const [results, setResults] = useState<AppChoice[]>([]);
  const searching = text.trim().length >= APP_SEARCH.minChars;
  useEffect(() => {
    if (!searching) return;
    let live = true;
    const timer = setTimeout(() => {
      void searchAppsAction({ strategyId, text }).then((r) => {
        // shell.md 8: a search error empties the result list.
        if (live) setResults(r.ok ? r.data : []);
      });
    }, APP_SEARCH.debounceMs);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [strategyId, text, searching]);
  return searching ? results : [];
}

export function NeverBlockEditor({ strategyId, initial, canWrite, onBack, onSaved }: { strategyId: number; initial: AppChoice[]; canWrite: boolean; onBack(): void; onSaved(): void }) {
  const [apps, setApps] = useState<AppChoice[]>(initial);
  const [query, setQuery] = useState("");
  const [pasted, setPasted] = useState("");
  const [summary, setSummary] = useState<string[] | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<"validate" | "save" | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const results = useAppSearch(strategyId, query);
  const chosen = new Set(apps.map((a) => a.id));

  const add = (more: readonly AppChoice[]) => setApps((list) => [...list, ...more.filter((a) => !list.some((x) => x.id === a.id))]);

  async function onFile(file: File | undefined) {
    setFileError(null);
    if (!file) return;
    if (!isCsvFile(file)) {
      setFileError(CSV_ONLY_MESSAGE);
      return;
    }
    const entries = parseAppList(await file.text());
    setPasted((text) => [...parseAppList(text), ...entries].join("\n"));
    if (fileInput.current) fileInput.current.value = "";
  }

  async function validate() {
    const entries = parseAppList(pasted);
    if (entries.length === 0) return;
    setBusy("validate");
    setError(null);
    const result = await validateAppsAction({ sites: entries }).catch(() => null);
    setBusy(null);
    if (!result?.ok) {
      setError(result?.formError ?? SERVER_ERROR_MESSAGE);
      return;
    }
    add(result.data.validSites);
    setSummary(validationSummary({ valid: result.data.validSites.length, invalid: result.data.invalidSites.length }));
    setPasted(result.data.invalidSites.join("\n"));
  }

  async function save() {
    setBusy("save");
    setError(null);
    const result = await saveNeverBlockAppsAction({ strategyId, appIds: apps.map((a) => a.id) }).catch(() => null);
    setBusy(null);
    if (result?.ok) onSaved();
    else setError(result?.formError ?? SERVER_ERROR_MESSAGE);
  }

  return (
    <div className="space-y-4" data-testid="never-block-editor">
      <FormError message={error} testId="never-block-error" />
      <div className="space-y-1">
        <label htmlFor="never-block-search" className="text-sm font-medium text-slate-700">
          Search apps (delivered in the past {APP_SEARCH.lookBackDays} days)
        </label>
        <input id="never-block-search" type="search" value={query} onChange={(e) => setQuery(e.target.value)} className={inputClass()} placeholder="App name or package" autoComplete="off" />
        {results.length > 0 ? (
          <ul className="max-h-48 overflow-auto rounded border border-slate-200" data-testid="never-block-results" aria-label="Search results">
            {results.map((app) => (
              <li key={app.id} className="flex items-center justify-between gap-2 border-b border-slate-100 px-3 py-1.5 text-sm last:border-0">
                <span>
                  {app.name} <span className="text-xs text-slate-500">{app.packageName}</span>
                </span>
                <Button size="xs" disabled={chosen.has(app.id)} onClick={() => add([app])} data-testid="never-block-add-result">
                  {chosen.has(app.id) ? "Added" : "Add"}
                </Button>
              </li>
            ))}
          </ul>
        ) : query.trim().length >= APP_SEARCH.minChars ? (
          <p className="text-xs text-slate-500">No result</p>
        ) : null}
      </div>

      <div className="space-y-1">
        <div className="flex items-center justify-between gap-2">
          <label htmlFor="never-block-paste" className="text-sm font-medium text-slate-700">
            App list (package names or app names, separated by comma, new line or tab)
          </label>
          <label className="cursor-pointer text-sm font-medium text-primary hover:underline">
            Upload CSV
            <input ref={fileInput} type="file" accept=".csv,text/csv" className="sr-only" onChange={(e) => void onFile(e.target.files?.[0])} data-testid="never-block-file" />
          </label>
        </div>
        <textarea id="never-block-paste" rows={4} value={pasted} onChange={(e) => setPasted(e.target.value)} className={inputClass()} data-testid="never-block-paste" />
        {fileError ? (
          <p role="alert" className="text-xs text-red-600" data-testid="never-block-file-error">
            {fileError}
          </p>
        ) : null}
        <div className="flex items-center gap-3">
          <Button size="sm" onClick={() => void validate()} busy={busy === "validate"} disabled={busy !== null || parseAppList(pasted).length === 0} data-testid="never-block-validate">
            Validate
          </Button>
          {summary ? (
            <span role="status" className="text-sm text-slate-700" data-testid="never-block-summary">
              {summary.join(" · ")}
            </span>
          ) : null}
        </div>
      </div>

      <div>
        <h4 className="text-sm font-medium text-slate-700">Do not block ({apps.length})</h4>
        {apps.length === 0 ? (
          <p className="text-sm text-slate-600">None</p>
        ) : (
          <ul className="mt-1 flex flex-wrap gap-2" data-testid="never-block-chips">
            {apps.map((app) => (
              <li key={app.id} className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-3 py-1 text-xs text-slate-800" data-testid="never-block-chip">
                {app.name}
                <button type="button" aria-label={`Remove ${app.name}`} className="ml-1 text-slate-500 hover:text-slate-900" onClick={() => setApps((list) => list.filter((a) => a.id !== app.id))}>
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>

      <div className="flex justify-end gap-2">
        <Button onClick={onBack} data-testid="never-block-back">
          Back
        </Button>
        <Button variant="primary" onClick={() => void save()} busy={busy === "save"} disabled={!canWrite || busy !== null} data-testid="never-block-save">
          Save
        </Button>
      </div>
    </div>
  );
}
