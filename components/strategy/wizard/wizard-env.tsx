"use client";
// What every step of the strategy wizard reads besides the form values: the
// mode, whether the user may change anything, the user's timezone, the
// chosen campaign's context (SKAD privilege, objective, DMP access, catalog)
// and what the pickers offer for it, the rows the visibility rules show, the
// names of chosen geographies, and the checks of controls whose typed text is
// not yet a value (a radius being typed). One React context, provided by the
// wizard (./strategy-wizard.tsx).
import { createContext, useContext, useEffect, useId, type ReactNode } from "react";
import type { ScheduleZone } from "@/lib/campaigns/schedule-zone";
import type { StrategyContext } from "@/lib/strategies/context-options";
import type { StrategyFormInput } from "@/lib/strategies/form";
import type { StrategyPickerOptions } from "@/lib/strategies/picker-options";
import type { StrategyVisibility } from "@/lib/strategies/visibility";
import type { StrategyTypeKey } from "./use-campaign-data";

export interface WizardEnv {
  mode: "create" | "edit";
  /** Read-only and demo users, and archived strategies: every control disabled. */
  readOnly: boolean;
  zone: ScheduleZone;
  /** The chosen campaign's context; null before a campaign is chosen. */
  context: StrategyContext | null;
  /** What the pickers offer for the campaign and type; null before a campaign is chosen. */
  picker: StrategyPickerOptions | null;
  /** Reads the context and picker options again for another campaign or type. */
  reload(campaignId: number | null, type: StrategyTypeKey): void;
  /** A message when the campaign's context or options could not be read. */
  loadError: string | null;
  visibility: StrategyVisibility;
  /** The advertiser's currency symbol for amounts ("€"), once known. */
  currencySymbol: string | undefined;
  /** Names of geography ids seen so far ("DE" → "Germany"). */
  geoNames: Record<string, string>;
  addGeoNames(names: Record<string, string>): void;
  /** Messages of controls whose text is not a value yet, by form field: the step check adds them. */
  localChecks: Map<string, string>;
  /** The strategy template the values came from (create only); saving counts its use. */
  template?: { id: number; templateName: string } | null;
  /** Replaces the values with a template's (the basic step's 'Use a template'). */
  applyTemplate?(template: { id: number; templateName: string }, values: StrategyFormInput): void;
}

const WizardEnvContext = createContext<WizardEnv | null>(null);

export function WizardEnvProvider({ value, children }: { value: WizardEnv; children: ReactNode }) {
  return <WizardEnvContext.Provider value={value}>{children}</WizardEnvContext.Provider>;
}

export function useWizardEnv(): WizardEnv {
  const env = useContext(WizardEnvContext);
  if (!env) throw new Error("useWizardEnv outside the strategy wizard");
  return env;
}

/**
 * Registers `message` for `field` while the control shows it (null: nothing
 * wrong): moving on from the step is refused with it, like a schema message.
 */
export function useLocalCheck(field: string, message: string | null): void {
  const { localChecks } = useWizardEnv();
  const id = `${field}#${useId()}`;
  useEffect(() => {
    if (message) localChecks.set(id, message);
    else localChecks.delete(id);
    return () => {
      localChecks.delete(id);
    };
  }, [localChecks, id, message]);
}

/** The messages of the local checks of these fields, by field (the first per field). */
export function localIssues(checks: Map<string, string>, fields: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, message] of checks) {
    const field = key.split("#")[0];
    if (fields.includes(field) && !(field in out)) out[field] = message;
  }
  return out;
}
