"use client";
// The conversion estimator (/audience/analysis): the advertiser (its picker
// reloads the page under ?advertiserId=), its audiences as targets and
// blocks within the selection limits (an audience is one or the other), the
// goal, and Estimate. The schema of lib/audiences/estimator/schema.ts checks
// the choice here and again on the server; messages land beside the lists.
import { useState } from "react";
import { useRouter } from "next/navigation";
import { estimateConversionsAction } from "@/lib/audiences/estimator/actions";
import type { Estimate } from "@/lib/audiences/estimator/estimate";
import type { EstimatorAudienceOption } from "@/lib/audiences/estimator/page";
import { EstimateInputSchema, ESTIMATOR_GOALS, ESTIMATOR_LIMITS, GOAL_LABELS, type EstimatorGoal } from "@/lib/audiences/estimator/schema";
import { SOURCE_LABELS } from "@/lib/audiences/labels";
import type { MenuItem } from "@/lib/menu/types";
import { AdvertiserPickerField } from "@/components/picker/advertiser-picker-field";
import { Button } from "@/components/ui/button";
import { Checkbox, FieldMessage, FormError, FormSection, SelectField } from "@/components/ui/field";
import { EstimateResult } from "./estimator-result";

type Use = "target" | "blocked";
const FIELD: Record<Use, "targetIds" | "blockedIds"> = { target: "targetIds", blocked: "blockedIds" };

interface Props {
  advertiser: MenuItem | null;
  audiences: EstimatorAudienceOption[];
}

function AudienceChoice({ use, audiences, chosen, other, error, onToggle }: { use: Use; audiences: EstimatorAudienceOption[]; chosen: number[]; other: number[]; error?: string; onToggle(id: number): void }) {
  const max = use === "target" ? ESTIMATOR_LIMITS.targets.max : ESTIMATOR_LIMITS.blocked.max;
  const id = `estimator-${FIELD[use]}`;
  const title = use === "target" ? "Target audiences" : "Blocked audiences";
  const hint = `${use === "target" ? `${ESTIMATOR_LIMITS.targets.min} to ${max}` : `Up to ${max}`} (${chosen.length} chosen)${use === "blocked" ? ": their users are left out of the reach" : ""}.`;
  return (
    <fieldset className="min-w-0" data-testid={id} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-medium text-slate-700">{title}</legend>
      <ul className="mt-2 max-h-64 space-y-1 overflow-y-auto rounded-md border border-slate-200 p-2">
        {audiences.map((a) => {
          const checked = chosen.includes(a.id);
          // An audience is a target or a block, never both; the limit stops further picks.
          const disabled = other.includes(a.id) || (!checked && chosen.length >= max);
          return (
            <li key={a.id}>
              <label className="flex items-center gap-2 text-sm text-slate-800">
                <Checkbox checked={checked} disabled={disabled} onChange={() => onToggle(a.id)} data-testid={`estimator-${use}-${a.id}`} />
                <span className="truncate">{a.name}</span>
                <span className="ml-auto shrink-0 text-xs text-slate-500">
                  {SOURCE_LABELS[a.source as keyof typeof SOURCE_LABELS] ?? a.source} · {a.totalUU.toLocaleString("en-US")} users
                </span>
              </label>
            </li>
          );
        })}
      </ul>
      <FieldMessage id={id} error={error} hint={hint} />
    </fieldset>
  );
}

export function ConversionEstimator({ advertiser, audiences }: Props) {
  const router = useRouter();
  const [chosen, setChosen] = useState<Record<Use, number[]>>({ target: [], blocked: [] });
  const [goal, setGoal] = useState<EstimatorGoal>("INSTALL");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Estimate | null>(null);

  const toggle = (use: Use) => (id: number) =>
    setChosen((c) => ({ ...c, [use]: c[use].includes(id) ? c[use].filter((x) => x !== id) : [...c[use], id] }));

  async function estimate() {
    if (!advertiser) return;
    const input = { advertiserId: advertiser.id, targetIds: chosen.target, blockedIds: chosen.blocked, goal };
    const checked = EstimateInputSchema.safeParse(input);
    setFormError(null);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((i) => [i.path.join("."), i.message])));
      return;
    }
    setErrors({});
    setBusy(true);
    const answer = await estimateConversionsAction(input);
    setBusy(false);
    if (!answer.ok) {
      setErrors(answer.fieldErrors ?? {});
      setFormError(answer.formError ?? null);
      return;
    }
    setResult(answer.data);
  }

  return (
    <div className="space-y-4" data-testid="estimator">
      <h1 className="text-xl font-semibold text-slate-900">Conversion Estimator</h1>
      <FormSection title="Audiences and goal">
        <div className="md:col-span-2">
          <AdvertiserPickerField id="estimator-advertiserId" advertiser={advertiser} onPick={(row) => router.push(`/audience/analysis?advertiserId=${row.id}`)} />
        </div>
        {advertiser === null ? (
          <p className="text-sm text-slate-600 md:col-span-2">Choose an advertiser to estimate with its audiences.</p>
        ) : audiences.length === 0 ? (
          <p className="text-sm text-slate-600 md:col-span-2" data-testid="estimator-no-audiences">
            This advertiser has no audiences yet.
          </p>
        ) : (
          <>
            <AudienceChoice use="target" audiences={audiences} chosen={chosen.target} other={chosen.blocked} error={errors.targetIds} onToggle={toggle("target")} />
            <AudienceChoice use="blocked" audiences={audiences} chosen={chosen.blocked} other={chosen.target} error={errors.blockedIds} onToggle={toggle("blocked")} />
            <SelectField id="estimator-goal" label="Goal" required error={errors.goal} value={goal} onChange={(e) => setGoal(e.target.value as EstimatorGoal)}>
              {ESTIMATOR_GOALS.map((g) => (
                <option key={g} value={g}>
                  {GOAL_LABELS[g]}
                </option>
              ))}
            </SelectField>
            <div className="flex items-end md:col-span-2">
              <Button variant="primary" onClick={estimate} busy={busy} data-testid="estimator-submit">
                Estimate
              </Button>
            </div>
          </>
        )}
        <div className="md:col-span-2">
          <FormError message={formError} testId="estimator-error" />
        </div>
      </FormSection>
      {result ? <EstimateResult estimate={result} /> : null}
    </div>
  );
}
