// Records the registry's entries find or make while their arguments are built
// (before the matrix takes its row counts), beyond the shared fixture: so an
// entry that changes a strategy changes one of its own, never the fixture's.
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import * as f from "../helpers/factories";
import type { MatrixFixture } from "./permission-fixture";

/** A strategy of licensee A's fixture campaign named `name` (found, else made with `over`). */
export async function campaignStrategyOf(fx: MatrixFixture, name: string, over: Partial<Prisma.StrategyUncheckedCreateInput> = {}): Promise<number> {
  const found = await db.strategy.findFirst({ where: { licenseeId: fx.a.licenseeId, name }, select: { id: true } });
  if (found) return found.id;
  const campaign = await db.campaign.findUniqueOrThrow({ where: { id: fx.a.campaignId } });
  return (await f.makeStrategy(campaign, { name, ...over })).id;
}

/** An exchange of the dictionary (any; one is made when there is none). */
export async function anyExchangeId(): Promise<number> {
  const found = await db.aggregator.findFirst({ select: { id: true } });
  return (found ?? (await db.aggregator.create({ data: { name: "Matrix exchange" } }))).id;
}
