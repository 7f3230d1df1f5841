"use client";
// /strategy/templates-details/{id}: the template's name, description, goal,
// usage, who saved it and when, 'Saved From'; its settings in the strategy
// review's sections; 'Use template' (the wizard pre-filled) and Delete after
// the 'Warning' question. Read-only users see Delete disabled; demo users get
// neither link nor Delete (shell.md 6).
import { useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { deleteStrategyTemplateAction } from "@/lib/strategy-templates/actions";
import type { TemplateDetailsPage } from "@/lib/strategy-templates/page";
import { expiredSession } from "@/components/account/session-events";
import { DetailsSection } from "@/components/common/details-section";
import { ReviewSections } from "@/components/strategy/review-sections";
import { Button, buttonClass } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { templateUseHref } from "./template-list";

export function TemplateDetailsView({ page }: { page: TemplateDetailsPage }) {
  const { template } = page;
  const router = useRouter();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const remove = async () => {
    setBusy(true);
    const result = await deleteStrategyTemplateAction({ id: template.id });
    setBusy(false);
    if (result.ok) {
      router.push("/strategy/templates");
      router.refresh();
      return;
    }
    if (expiredSession(result)) return;
    setError(result.formError ?? "The template could not be deleted.");
  };
  return (
    <div className="space-y-4" data-testid="template-details">
      <div className="flex flex-wrap items-center justify-between gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-xs">
        <div className="min-w-0">
          <p className="text-sm text-slate-600">
            <Link href="/strategy/templates" className="hover:underline">
              Strategy Templates
            </Link>{" "}
            · Strategy Template
          </p>
          <h1 className="truncate text-xl font-semibold text-slate-900" data-testid="template-title">
            {template.templateName} <span className="text-sm font-normal text-slate-500">#{template.id}</span>
          </h1>
        </div>
        <div className="flex items-center gap-2">
          {page.canUse ? (
            <Link href={templateUseHref(template.id)} className={buttonClass("primary")} data-testid="template-use">
              Use template
            </Link>
          ) : null}
          {page.demo ? null : (
            <Button variant="danger" disabled={!page.canWrite} onClick={() => setAsking(true)} data-testid="template-delete">
              Delete
            </Button>
          )}
        </div>
      </div>
      <DetailsSection
        title="TEMPLATE"
        testId="template-fields"
        rows={[
          ["Template Name", template.templateName],
          ["Description", template.description ?? "-"],
          ["Goal", template.goalLabel, "goal"],
          ["Total Usage", String(template.totalUsage), "totalUsage"],
          ["Created By", template.createdByName],
          ["Creation Time", template.createdAtText],
          ["Saved From", template.savedFrom],
        ]}
      />
      {page.sections.length > 0 ? (
        <ReviewSections sections={page.sections} titles="details" />
      ) : (
        <p className="text-sm text-slate-600">This template&apos;s settings no longer pass the strategy rules; using it pre-fills what is still valid.</p>
      )}
      <ConfirmDialog
        open={asking}
        message={`Delete the strategy template "${template.templateName}"? Strategies created from it keep their settings.`}
        confirmLabel="Delete"
        variant="danger"
        busy={busy}
        error={error}
        onConfirm={() => void remove()}
        onCancel={() => {
          setAsking(false);
          setError(null);
        }}
        testId="template-delete-confirm"
      />
    </div>
  );
}
