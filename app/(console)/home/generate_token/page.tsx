// Generate API Key (shell.md 2.1): not there for demo users (404); read-only
// users see their keys with creation disabled.
import { notFound } from "next/navigation";
import { shellVisibility } from "@/lib/auth/roles";
import { listApiKeys } from "@/lib/account/api-keys";
import { requireConsoleSession } from "@/lib/auth/request";
import { ApiKeysView } from "@/components/account/api-keys-view";

export const dynamic = "force-dynamic";

export default async function GenerateTokenPage() {
  const ctx = await requireConsoleSession();
  const access = shellVisibility(ctx.role).generateApiKey;
  if (access === "hidden") notFound();
  return <ApiKeysView keys={await listApiKeys(ctx)} canCreate={access === "enabled"} />;
}
