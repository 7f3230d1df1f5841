// API Reference: the REST API's OpenAPI document (/api/v1/openapi.json)
// rendered for signed-in users, linked from Generate API Key.
import { requireConsoleSession } from "@/lib/auth/request";
import { apiDocument } from "@/lib/api/document";
import { API_BASE_PATH } from "@/lib/api/openapi";
import { referenceView } from "@/lib/api/reference";
import { ApiReference } from "@/components/api-reference/api-reference";

export const dynamic = "force-dynamic";

export default async function ApiReferencePage() {
  await requireConsoleSession();
  return <ApiReference view={referenceView(apiDocument())} documentUrl={`${API_BASE_PATH}/openapi.json`} />;
}
