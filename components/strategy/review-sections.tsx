// The strategy's review sections (business.md 2), as lib/strategies/review.ts
// gives them (loadStrategyReview for the details page, the wizard's
// previewStrategyReviewAction for its review step): rows already filtered by
// the visibility rules and written as plain text, so this only draws them.
// `titles` picks the heading set: "details" for the details page (BASICS,
// BUDGET & BIDDING, DELIVERY TARGETING, INVENTORY, CREATIVE SETS), "edit"
// for the wizard's review of a saved strategy (Details, Budget & Bidding,
// Targeting, Inventory, Creative Sets, then Status when `status` is given).
// No server imports: usable from server and client components alike.
import type { ReviewSection, StrategyReview } from "@/lib/strategies/review";
import { DetailsSection, type DetailRow } from "@/components/common/details-section";
import { StatusDot } from "@/components/ui/status-dot";

export type ReviewTitleSet = "details" | "edit";

export interface ReviewSectionsProps {
  sections: readonly ReviewSection[];
  titles: ReviewTitleSet;
  /** The edit review's last section: the strategy's status (StrategyReview.status); shown with the "edit" titles only. */
  status?: StrategyReview["status"];
}

/** Test id of a section: strategy-review-basics, ... strategy-review-status. */
export const reviewSectionTestId = (key: string) => `strategy-review-${key}`;

export function ReviewSections({ sections, titles, status = null }: ReviewSectionsProps) {
  const details = titles === "details";
  return (
    <div className="grid grid-cols-1 gap-4 xl:grid-cols-2" data-testid="strategy-review" data-titles={titles}>
      {sections.map((section) => (
        <DetailsSection
          key={section.key}
          title={details ? section.title : section.editTitle}
          testId={reviewSectionTestId(section.key)}
          rows={section.rows.map((row): DetailRow => [row.label, row.value, row.key])}
          upperCaseTitle={false}
        />
      ))}
      {!details && status ? (
        // Drawn as the details page's header draws the state: the dot and its label.
        <DetailsSection title={status.title} testId={reviewSectionTestId("status")} rows={[["Status", <StatusDot key="status" active={status.active} label />, "status"]]} upperCaseTitle={false} />
      ) : null}
    </div>
  );
}
