import { ComingSoonPage } from "@/components/common/coming-soon-page";

export const dynamic = "force-dynamic";

// Sub-pages of /home that a later release builds.
export default function Page({ params }: { params: Promise<{ rest?: string[] }> }) {
  return <ComingSoonPage section="home" params={params} />;
}
