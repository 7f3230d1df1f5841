import { notFound } from "next/navigation";
import { db } from "@/lib/db";
import { orNotFound, owned, parseId } from "@/lib/data/gate";
import { NotFoundError } from "@/lib/data/errors";
import type { SessionContext } from "@/lib/auth/context";
import { requireConsoleSession } from "@/lib/tenancy/request";
import { AdvertiserDetails } from "@/components/advertiser/advertiser-details";

export const dynamic = "force-dynamic";

// Another licensee's advertiser, a missing one and a malformed id are all "not found".
async function loadAdvertiser(ctx: SessionContext, id: string) {
  try {
    return orNotFound(
      await db.advertiser.findFirst({
        where: owned(ctx, parseId(id)),
        select: { id: true, name: true, domain: true, active: true },
      }),
      "Advertiser",
    );
  } catch (err) {
    if (err instanceof NotFoundError) notFound();
    throw err;
  }
}

export default async function AdvertiserDetailsPage({ params }: { params: Promise<{ id: string }> }) {
  const ctx = await requireConsoleSession();
  const { id } = await params;
  const advertiser = await loadAdvertiser(ctx, id);
  return <AdvertiserDetails advertiser={advertiser} />;
}
