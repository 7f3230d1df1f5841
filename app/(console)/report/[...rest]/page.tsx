// Paths under /report that have no page of their own: 'coming soon' for a route
// of the route table (lib/menu/route-table.ts), the 404 page for anything else.
import { ComingSoonPage } from "@/components/common/coming-soon-page";

export const dynamic = "force-dynamic";

export default function Page({ params }: { params: Promise<{ rest?: string[] }> }) {
  return <ComingSoonPage section="report" params={params} />;
}
