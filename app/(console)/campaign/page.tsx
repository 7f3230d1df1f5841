// The campaign dashboard list (shell.md 3) on the shared list stack.
import { requireConsoleSession } from "@/lib/auth/request";
import { campaignEntity } from "@/lib/campaigns/entity";
import { ListPage } from "@/components/list/list-page";

export const dynamic = "force-dynamic";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function CampaignListPage({ searchParams }: { searchParams: SearchParams }) {
  const ctx = await requireConsoleSession();
  return <ListPage ctx={ctx} entity={campaignEntity.key} searchParams={await searchParams} />;
}
