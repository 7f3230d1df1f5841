// GET /api/v1/audiences/dmp-access?advertiserId=: business.md 7 "access check
// (GET, reads isDmpAccess)" (lib/audiences/dmp). A failed check is no access.
import { apiHandler } from "@/lib/account/rest";
import { dmpAccessOperation } from "@/lib/audiences/dmp/rest";

export const dynamic = "force-dynamic";

export const GET = apiHandler("GET /api/v1/audiences/dmp-access", (ctx, request) => dmpAccessOperation(ctx, request));
