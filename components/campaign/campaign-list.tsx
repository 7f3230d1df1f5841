// The campaign dashboard list (shell.md 3), on the generic list.
import type { SessionContext } from "@/lib/auth/context";
import type { SearchParamsInput } from "@/lib/list/url-state";
import { ListPage } from "@/components/list/list-page";

export function CampaignList({ ctx, searchParams }: { ctx: SessionContext; searchParams: SearchParamsInput }) {
  return <ListPage ctx={ctx} entity="campaign" searchParams={searchParams} />;
}
