import { requireConsoleSession } from "@/lib/tenancy/request";
import { CampaignList } from "@/components/campaign/campaign-list";

export const dynamic = "force-dynamic";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function CampaignListPage({ searchParams }: { searchParams: SearchParams }) {
  const ctx = await requireConsoleSession();
  return <CampaignList ctx={ctx} searchParams={await searchParams} />;
}
