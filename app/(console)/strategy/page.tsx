// The strategy dashboard list (shell.md 3) on the shared list stack, with Export and Import (business.md 2).
import { requireConsoleSession } from "@/lib/auth/request";
import { strategyEntity } from "@/lib/strategies/entity";
import { loadTransferControls } from "@/lib/strategies/transfer/page";
import { ListPage } from "@/components/list/list-page";
import { StrategyTransferControls } from "@/components/strategy/transfer/transfer-controls";

export const dynamic = "force-dynamic";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function StrategyListPage({ searchParams }: { searchParams: SearchParams }) {
  const ctx = await requireConsoleSession();
  const transfer = await loadTransferControls(ctx);
  return (
    <>
      <StrategyTransferControls {...transfer} />
      <ListPage ctx={ctx} entity={strategyEntity.key} searchParams={await searchParams} />
    </>
  );
}
