// Sub-pages of /strategy that a later release builds (the list itself is ../page.tsx).
import { ComingSoonPage } from "@/components/common/coming-soon-page";

export const dynamic = "force-dynamic";

export default function Page({ params }: { params: Promise<{ rest?: string[] }> }) {
  return <ComingSoonPage section="strategy" params={params} />;
}
