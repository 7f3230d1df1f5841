// The demo's exchange reviews of creatives (the review status per
// exchange): a fixed pattern, no random draws (the rest of the seed keeps its
// values), so the creative lists' review column and filter show approved,
// rejected and pending creatives. Every creative of one set (`rejectedSetId`)
// is rejected on every exchange, so the strategies serving that set show the
// "rejected on every exchange it targets" warning on their details page.
import type { Tx } from "../db";
import type { CreativeReviewStatus } from "../generated/prisma/enums";

interface ReviewRow {
  creativeId: number;
  aggregatorId: number;
  status: CreativeReviewStatus;
  reason: string | null;
}

const REJECTED_SET_REASON = "Missing fallback image for non-video placements";
const REJECTED_REASON = "Landing page does not match the ad";

export async function seedCreativeReviews(
  tx: Tx,
  creatives: readonly { id: number; setId: number }[],
  aggregatorIds: readonly number[],
  rejectedSetId: number | undefined,
): Promise<void> {
  const rows = creatives.flatMap((c, k) =>
    aggregatorIds.flatMap((aggregatorId, j): ReviewRow[] => {
      if (c.setId === rejectedSetId) return [{ creativeId: c.id, aggregatorId, status: "REJECTED", reason: REJECTED_SET_REASON }];
      if ((k * 3 + j) % 7 === 0) return [{ creativeId: c.id, aggregatorId, status: "REJECTED", reason: REJECTED_REASON }];
      if ((k + j) % 3 !== 0) return [{ creativeId: c.id, aggregatorId, status: "APPROVED", reason: null }];
      return []; // no answer from that exchange yet: pending
    }),
  );
  if (rows.length) await tx.creativeReview.createMany({ data: rows });
}
