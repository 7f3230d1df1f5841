// The dictionaries no package carries, shipped with the app. Pure.

/**
 * CTV content genres: the genres of the IAB Tech Lab Content Taxonomy 2.2
 * (the tier-2 categories under "Movies" and "Television", without their
 * "Movies"/"TV" suffix) with the tier-1 "News" and "Sports". No npm package
 * ships the taxonomy, so the list lives here; the value is the stored name.
 */
export const CONTENT_GENRES = [
  "Action and Adventure", "Animation", "Children's", "Comedy", "Crime and Mystery", "Documentary", "Drama", "Factual", "Family",
  "Fantasy", "Holiday", "Horror", "Independent", "Music", "News", "Reality", "Romance", "Science Fiction", "Soap Opera",
  "Special Interest", "Sports", "World",
] as const;

/**
 * Purchase-intent segments (business.md 2: intent targeting needs exactly six
 * purchase-frequency mappings). The spec names no values: one segment per
 * mapping bucket, from the most to the least likely buyer.
 */
export const INTENTS = [
  { value: "VERY_HIGH", label: "Very high intent" },
  { value: "HIGH", label: "High intent" },
  { value: "MEDIUM", label: "Medium intent" },
  { value: "LOW", label: "Low intent" },
  { value: "VERY_LOW", label: "Very low intent" },
  { value: "NO_INTENT", label: "No purchase intent" },
] as const;
