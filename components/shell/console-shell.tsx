// Server side of the console frame: resolves the breadcrumbs of the requested
// URL so the first paint already shows them, then hands over to ConsoleFrame.
// Slots: `bell` (notification bell) and `accountMenu` (user menu); without a
// user menu the frame shows the user's name, role and a Sign Out button.
import { headers } from "next/headers";
import { log } from "@/lib/log";
import { crumbTargetOf, resolveCrumbs } from "@/lib/entities/crumbs";
import { crumbKey } from "@/lib/menu/routes";
import { requireConsoleSession } from "@/lib/auth/request";
import type { ResolvedCrumbs } from "./breadcrumbs";
import { ConsoleFrame, type ConsoleFrameProps } from "./console-frame";

export type ConsoleShellProps = Omit<ConsoleFrameProps, "initialCrumbs">;

async function crumbsOfRequest(): Promise<ResolvedCrumbs | undefined> {
  const path = (await headers()).get("x-dsp-path");
  const target = path ? crumbTargetOf(path) : null;
  if (!target) return undefined;
  const ctx = await requireConsoleSession(); // memoised: the layout has already checked the session
  try {
    return { key: crumbKey(target), crumbs: await resolveCrumbs(ctx, target) };
  } catch (err) {
    // The bar asks again from the browser; a failed lookup must not fail the page.
    log.warn("breadcrumb resolution failed", { err: err instanceof Error ? err : new Error(String(err)) });
    return undefined;
  }
}

export async function ConsoleShell(props: ConsoleShellProps) {
  return <ConsoleFrame {...props} initialCrumbs={await crumbsOfRequest()} />;
}
