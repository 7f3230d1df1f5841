// The advertiser dashboard list (shell.md 3: status, name and the preset's
// metrics), on the generic list.
import type { SessionContext } from "@/lib/auth/context";
import type { SearchParamsInput } from "@/lib/list/url-state";
import { ListPage } from "@/components/list/list-page";

export function AdvertiserList({ ctx, searchParams }: { ctx: SessionContext; searchParams: SearchParamsInput }) {
  return <ListPage ctx={ctx} entity="advertiser" searchParams={searchParams} />;
}
