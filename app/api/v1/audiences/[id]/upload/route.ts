// POST /api/v1/audiences/{id}/upload: a CRM file (lib/audiences/upload/route.ts).
import { apiHandler } from "@/lib/account/rest";
import { CRM_UPLOAD_BODY_LIMIT_BYTES, crmUploadOperation } from "@/lib/audiences/upload/route";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";
// A 100 MB file over a slow connection, then a million keys written.
export const maxDuration = 600;

export const POST = apiHandler<{ id: string }>("POST /api/v1/audiences/{id}/upload", { access: "write", bodyLimitBytes: CRM_UPLOAD_BODY_LIMIT_BYTES }, crmUploadOperation);
