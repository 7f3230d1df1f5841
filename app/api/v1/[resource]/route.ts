// GET /api/v1/{resource}: a page of the resource's rows; POST: create one.
// Every registered entity's REST resource (lib/api/http.ts, lib/entities/registry.ts).
import { collectionHandlers } from "@/lib/api/http";

export const dynamic = "force-dynamic";

export const GET = collectionHandlers.GET;
export const POST = collectionHandlers.POST;
