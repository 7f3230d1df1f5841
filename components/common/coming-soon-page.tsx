// The route body shared by every not-yet-built console section.
import { requireConsoleSession } from "@/lib/tenancy/request";
import { ComingSoon } from "./coming-soon";

export async function ComingSoonPage({ section, params }: { section: string; params: Promise<{ rest?: string[] }> }) {
  await requireConsoleSession();
  const { rest } = await params;
  const path = "/" + [section, ...(rest ?? [])].join("/");
  return <ComingSoon section={section} path={path} />;
}
