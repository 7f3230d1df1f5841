// /experiments (shell.md 2.6): the licensee's A/B experiments on the shared
// list stack, paged, sorted and searched on the server; 'Create Experiment'
// for read-write users.
import { requireConsoleSession } from "@/lib/auth/request";
import { experimentEntity } from "@/lib/experiments/entity";
import { ListPage } from "@/components/list/list-page";

export const dynamic = "force-dynamic";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function ExperimentListPage({ searchParams }: { searchParams: SearchParams }) {
  const ctx = await requireConsoleSession();
  return <ListPage ctx={ctx} entity={experimentEntity.key} searchParams={await searchParams} />;
}
