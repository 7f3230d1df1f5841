import { requireConsoleSession } from "@/lib/tenancy/request";
import { AdvertiserList } from "@/components/advertiser/advertiser-list";

export const dynamic = "force-dynamic";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function AdvertiserListPage({ searchParams }: { searchParams: SearchParams }) {
  const ctx = await requireConsoleSession();
  return <AdvertiserList ctx={ctx} searchParams={await searchParams} />;
}
