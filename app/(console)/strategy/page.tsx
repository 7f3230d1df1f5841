import { requireConsoleSession } from "@/lib/tenancy/request";
import { StrategyList } from "@/components/strategy/strategy-list";

export const dynamic = "force-dynamic";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function StrategyListPage({ searchParams }: { searchParams: SearchParams }) {
  const ctx = await requireConsoleSession();
  return <StrategyList ctx={ctx} searchParams={await searchParams} />;
}
