import { ComingSoonPage } from "@/components/common/coming-soon-page";

export const dynamic = "force-dynamic";

export default function Page({ params }: { params: Promise<{ rest?: string[] }> }) {
  return <ComingSoonPage section="experiment" params={params} />;
}
