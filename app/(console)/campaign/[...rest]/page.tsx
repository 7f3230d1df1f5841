// Sub-pages of /campaign that a later release builds (the list itself is ../page.tsx).
import { ComingSoonPage } from "@/components/common/coming-soon-page";

export const dynamic = "force-dynamic";

export default function Page({ params }: { params: Promise<{ rest?: string[] }> }) {
  return <ComingSoonPage section="campaign" params={params} />;
}
