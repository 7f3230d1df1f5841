// /strategy/templates-details/{id} (shell.md 2.6): one strategy template. A
// missing, malformed, deleted or other licensee's id renders the 404 page.
import { templateForPage } from "@/lib/strategy-templates/page";
import { TemplateDetailsView } from "@/components/strategy-template/template-details";

export const dynamic = "force-dynamic";

export default async function StrategyTemplateDetailsPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <TemplateDetailsView page={await templateForPage(id)} />;
}
