// /audience/analysis?advertiserId=N (shell.md 2.6 'Conversion Estimator',
// opened in a new tab): choose target and blocked audiences of the advertiser
// and a goal, and see the estimated reach and goal users with how they are
// estimated. Every role may estimate (it changes nothing).
import { estimatorPage } from "@/lib/audiences/estimator/page";
import { ConversionEstimator } from "@/components/audience/estimator-form";

export const dynamic = "force-dynamic";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function AudienceAnalysisPage({ searchParams }: { searchParams: SearchParams }) {
  const { advertiser, audiences } = await estimatorPage((await searchParams).advertiserId);
  return <ConversionEstimator key={advertiser?.id ?? 0} advertiser={advertiser} audiences={audiences} />;
}
