// The route body shared by the console sections' catch-all pages: a route of
// the route table (shell.md 2.1) that is not built yet shows 'coming soon';
// any other path is a 404 (the not-found view of shell.md 2.1).
import { notFound } from "next/navigation";
import { matchRouteSegments } from "@/lib/menu/route-table";
import { requireConsoleSession } from "@/lib/auth/request";
import { ComingSoon } from "./coming-soon";

export async function ComingSoonPage({ section, params }: { section: string; params: Promise<{ rest?: string[] }> }) {
  await requireConsoleSession();
  const { rest } = await params;
  const segments = [section, ...(rest ?? [])];
  if (!matchRouteSegments(segments)) notFound();
  return <ComingSoon section={section} path={"/" + segments.join("/")} />;
}
