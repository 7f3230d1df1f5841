// Strategies that are arms of an A/B experiment are not bulk edited: their
// experiment compares them against each other, so each is changed on its
// own, from the experiment's page. The strategy lists never offer them, but
// an id can still arrive (a selection made before the strategy became an arm,
// a hand-written link, the REST API): the page leaves such a strategy out and
// says so, the review and the apply refuse it beside the ids. Either way the
// message names the strategy and its experiment (the licensee's own records:
// nothing is revealed that the caller could not read).
import "server-only";
import type { TenantTx } from "../../data/tenant-db";
import { BULK_EDIT_MESSAGES as M } from "./schema";

export interface LeftOutStrategy {
  id: number;
  name: string;
  /** Why it cannot be bulk edited, naming it: a whole sentence. */
  reason: string;
}

/** Why each of these arm strategies is left out of a bulk edit, in their order. */
export async function armsLeftOut(tx: Pick<TenantTx, "experiment">, arms: readonly { id: number; name: string }[]): Promise<LeftOutStrategy[]> {
  if (arms.length === 0) return [];
  const experiments = await tx.experiment.findMany({
    where: { arms: { some: { strategyId: { in: arms.map((a) => a.id) } } } },
    select: { name: true, status: true, arms: { select: { strategyId: true } } },
    orderBy: { id: "desc" },
  });
  return arms.map((arm) => {
    const owners = experiments.filter((e) => e.arms.some((a) => a.strategyId === arm.id));
    // A completed experiment hands its strategies back; the one still holding this arm is the one to name.
    const experiment = owners.find((e) => e.status !== "COMPLETED") ?? owners[0];
    return { id: arm.id, name: arm.name, reason: M.abTestArm(arm, experiment?.name ?? null) };
  });
}
