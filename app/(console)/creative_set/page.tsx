// The creative set list (shell.md 3) on the shared list stack; each set's
// details open in a new tab (the declaration's detailsInNewTab).
import { requireConsoleSession } from "@/lib/auth/request";
import { creativeSetEntity } from "@/lib/creative-sets/entity";
import { ListPage } from "@/components/list/list-page";

export const dynamic = "force-dynamic";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function CreativeSetListPage({ searchParams }: { searchParams: SearchParams }) {
  const ctx = await requireConsoleSession();
  return <ListPage ctx={ctx} entity={creativeSetEntity.key} searchParams={await searchParams} />;
}
