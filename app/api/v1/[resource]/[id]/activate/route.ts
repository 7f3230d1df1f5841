// POST /api/v1/{resource}/{id}/activate.
import { statusHandler } from "@/lib/api/http";

export const dynamic = "force-dynamic";

export const POST = statusHandler(true);
