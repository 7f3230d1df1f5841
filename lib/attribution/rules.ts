// Which click or impression a pixel fire is credited to (business.md 3 PIXEL).
// Pure: the decisions that need no database, unit-tested beside it; the
// database half (the strategy's advertiser, the per-user cap, the write) is
// ./conversion.ts.
//
// - A click id attributes a click conversion when the pixel counts clicks
//   (CLICK_CONV or HYBRID_CONV) and the fire comes within clickValidityWindow
//   seconds of the click; an impression id a view conversion when it counts
//   views (VIEW_CONV or HYBRID_CONV) within viewValidityWindow of the
//   impression. A window of -1 is "not applicable": nothing is attributed
//   through it.
// - The id must be of the pixel's licensee (its strategy must also be of the
//   pixel's advertiser: checked in SQL).
// - A fire carrying both ids is credited once, to the click when the click
//   qualifies (the click is the stronger signal, as last-click attribution
//   has it), else to the impression.
// - A fire stamped a little before the touch (clocks of two machines) counts
//   as coming at the same moment.
import { windowsOf } from "../pixels/schema";
import type { AdTouch } from "./id";

/** The pixel's stored attribution settings (seconds; -1 not applicable / no cap). */
export interface PixelRules {
  licenseeId: number;
  type: string;
  viewValidityWindow: number;
  clickValidityWindow: number;
  userFcap: number;
  fcapDuration: number;
}

export type ConversionKind = "click" | "view";

export const conversionKindOf = (touch: AdTouch): ConversionKind => (touch.kind === "click" ? "click" : "view");

/** Whether the pixel counts this kind of touch and the fire comes within its window. */
export function withinWindow(pixel: PixelRules, touch: AdTouch, firedAt: Date): boolean {
  const counts = windowsOf(pixel.type);
  const [applies, window] = touch.kind === "click" ? [counts.click, pixel.clickValidityWindow] : [counts.view, pixel.viewValidityWindow];
  if (!applies || window < 0) return false;
  const ageSeconds = Math.max(0, (firedAt.getTime() - touch.at.getTime()) / 1000);
  return ageSeconds <= window;
}

/** The touches that may take the conversion, in the order they are tried: clicks first. */
export function eligibleTouches(pixel: PixelRules, touches: readonly AdTouch[], firedAt: Date): AdTouch[] {
  return touches
    .filter((t) => t.licenseeId === pixel.licenseeId && withinWindow(pixel, t, firedAt))
    .sort((a, b) => Number(b.kind === "click") - Number(a.kind === "click"));
}

/**
 * The per-user cap: null when every conversion counts (userFcap -1); else at
 * most `limit` conversions per user in a window of `seconds` that opens with
 * the user's first counted conversion (null seconds: fcapDuration -1, the
 * window never closes, so `limit` per user ever).
 */
export function userCap(pixel: Pick<PixelRules, "userFcap" | "fcapDuration">): { limit: number; seconds: number | null } | null {
  if (pixel.userFcap < 0) return null;
  return { limit: pixel.userFcap, seconds: pixel.fcapDuration > 0 ? pixel.fcapDuration : null };
}
