"use client";
// The chosen campaign's context (what the rules and the visibility read) and
// what the pickers offer for it and the strategy's type, read again when the
// user picks another campaign or type (or a draft brings them back). The page
// hands over what it already read (edit, or create with ?campaignId=), so the
// first render has them.
import { useCallback, useRef, useState } from "react";
import { SERVER_ERROR_MESSAGE } from "@/lib/actions/result";
import { strategyContextAction, strategyPickerOptionsAction } from "@/lib/strategies/actions";
import type { CampaignData } from "@/lib/strategy-wizard/page";
import { expiredSession } from "@/components/account/session-events";

export type StrategyTypeKey = "MULTI_DEVICE" | "CTV_OTT";

export type { CampaignData };

interface Loaded extends CampaignData {
  key: string;
  error: string | null;
  loading: boolean;
}

/** A campaign id of the form's value (a number or digits), else null. */
export function campaignIdOf(value: unknown): number | null {
  const n = typeof value === "string" && /^\d{1,10}$/.test(value) ? Number(value) : value;
  return typeof n === "number" && Number.isInteger(n) && n > 0 ? n : null;
}

export const typeKeyOf = (value: unknown): StrategyTypeKey => (value === "CTV_OTT" ? "CTV_OTT" : "MULTI_DEVICE");

const keyOf = (campaignId: number | null, type: StrategyTypeKey) => (campaignId === null ? "" : `${campaignId}|${type}`);

async function read(campaignId: number, type: StrategyTypeKey): Promise<CampaignData & { error: string | null }> {
  const [context, picker] = await Promise.all([strategyContextAction({ campaignId }), strategyPickerOptionsAction({ campaignId, type })]);
  if (expiredSession(context) || expiredSession(picker)) return { context: null, picker: null, error: null };
  if (!context.ok) return { context: null, picker: null, error: context.formError ?? SERVER_ERROR_MESSAGE };
  return { context: context.data, picker: picker.ok ? picker.data : null, error: picker.ok ? null : (picker.formError ?? SERVER_ERROR_MESSAGE) };
}

export function useCampaignData(initial: CampaignData & { campaignId: number | null; type: StrategyTypeKey }) {
  const [loaded, setLoaded] = useState<Loaded>({ key: keyOf(initial.campaignId, initial.type), context: initial.context, picker: initial.picker, error: null, loading: false });
  const latest = useRef(loaded.key);

  /** Reads the context and options of `campaignId` and `type` (nothing when they are the ones held). */
  const load = useCallback((campaignId: number | null, type: StrategyTypeKey) => {
    const key = keyOf(campaignId, type);
    if (key === latest.current) return;
    latest.current = key;
    if (campaignId === null) return setLoaded({ key, context: null, picker: null, error: null, loading: false });
    // While another type's options load, the campaign's context still holds.
    setLoaded((l) => ({ ...l, key, picker: null, error: null, loading: true, context: l.context?.campaign.id === campaignId ? l.context : null }));
    read(campaignId, type).then(
      (result) => latest.current === key && setLoaded({ key, ...result, loading: false }),
      () => latest.current === key && setLoaded({ key, context: null, picker: null, error: SERVER_ERROR_MESSAGE, loading: false }),
    );
  }, []);

  return { context: loaded.context, picker: loaded.picker, error: loaded.error, loading: loaded.loading, load };
}
