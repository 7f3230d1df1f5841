// The look-alike model, pure: which of an advertiser's users resemble a seed
// audience's users most. Each user is a sparse feature vector built from the
// stored events (UserEvent) of the advertiser:
// - one feature per event name: log(1 + count), so a heavy user does not
//   outweigh a varied one;
// - the user's OS and country: the share of the user's events from each;
// - recency: exp(-days since the last event / 30).
// Every vector is scaled to length 1, the seed's centroid is the mean of its
// users' vectors, and a candidate's score is the cosine similarity of its
// vector to that centroid. The look-alike keeps the best `sizePercent` % of
// the candidates (the advertiser's users outside the seed), at least one.
// Ties go to the smaller user key, so a run is repeatable.

export type FeatureVector = Map<string, number>;

/** What is stored of one user: event counts by name, event counts by OS and by country, the last event. */
export interface UserActivity {
  userKey: string;
  events: ReadonlyMap<string, number>;
  os: ReadonlyMap<string, number>;
  countries: ReadonlyMap<string, number>;
  lastEventAt: Date;
}

const DAY_MS = 86_400_000;
/** Days over which recency halves a little more than once (e^-1 after 30 days). */
export const RECENCY_DAYS = 30;
/** A look-alike needs at least this many seed users with stored events: fewer say too little about who to look for. */
export const MIN_SEED_USERS = 10;

export function featureVector(user: UserActivity, now: Date): FeatureVector {
  const v: FeatureVector = new Map();
  let total = 0;
  for (const [name, count] of user.events) {
    v.set(`event:${name}`, Math.log1p(count));
    total += count;
  }
  for (const [os, count] of user.os) if (total > 0) v.set(`os:${os}`, count / total);
  for (const [country, count] of user.countries) if (total > 0) v.set(`country:${country}`, count / total);
  const ageDays = Math.max(0, (now.getTime() - user.lastEventAt.getTime()) / DAY_MS);
  v.set("recency", Math.exp(-ageDays / RECENCY_DAYS));
  return normalize(v);
}

export function normalize(v: FeatureVector): FeatureVector {
  let sum = 0;
  for (const x of v.values()) sum += x * x;
  const length = Math.sqrt(sum);
  if (length === 0) return new Map(v);
  return new Map([...v].map(([k, x]) => [k, x / length]));
}

/** The mean of the vectors (an empty list has an empty centroid). */
export function centroid(vectors: readonly FeatureVector[]): FeatureVector {
  const out: FeatureVector = new Map();
  for (const v of vectors) for (const [k, x] of v) out.set(k, (out.get(k) ?? 0) + x / vectors.length);
  return out;
}

export function cosine(a: FeatureVector, b: FeatureVector): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (const [k, x] of a) {
    dot += x * (b.get(k) ?? 0);
    na += x * x;
  }
  for (const x of b.values()) nb += x * x;
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

/** How many candidates a look-alike of `sizePercent` % keeps: rounded up, at least one when there is any. */
export const lookAlikeCount = (candidates: number, sizePercent: number) => (candidates === 0 ? 0 : Math.max(1, Math.ceil((candidates * sizePercent) / 100)));

export interface ScoredUser {
  userKey: string;
  score: number;
}

export type LookAlikeResult =
  | { ok: true; members: ScoredUser[]; seedUsers: number; candidates: number }
  | { ok: false; reason: string; seedUsers: number; candidates: number };

export const LOOKALIKE_FAILURE = {
  seedTooSmall: (n: number) => `The seed audience has ${n} user(s) with stored events; a look-alike needs at least ${MIN_SEED_USERS}`,
  noCandidates: "The advertiser has no other users with stored events to choose from",
} as const;

/**
 * Scores every user of the advertiser outside the seed against the seed's
 * centroid and keeps the best sizePercent %. `users` are all the advertiser's
 * users with events; `seedKeys` the seed audience's (unexpired) members.
 */
export function buildLookAlike(users: readonly UserActivity[], seedKeys: ReadonlySet<string>, sizePercent: number, now: Date): LookAlikeResult {
  const seed: FeatureVector[] = [];
  const candidates: Array<{ userKey: string; vector: FeatureVector }> = [];
  for (const user of users) {
    const vector = featureVector(user, now);
    if (seedKeys.has(user.userKey)) seed.push(vector);
    else candidates.push({ userKey: user.userKey, vector });
  }
  const counts = { seedUsers: seed.length, candidates: candidates.length };
  if (seed.length < MIN_SEED_USERS) return { ok: false, reason: LOOKALIKE_FAILURE.seedTooSmall(seed.length), ...counts };
  if (candidates.length === 0) return { ok: false, reason: LOOKALIKE_FAILURE.noCandidates, ...counts };
  const center = centroid(seed);
  const scored = candidates
    .map((c) => ({ userKey: c.userKey, score: cosine(c.vector, center) }))
    .sort((a, b) => b.score - a.score || (a.userKey < b.userKey ? -1 : a.userKey > b.userKey ? 1 : 0));
  return { ok: true, members: scored.slice(0, lookAlikeCount(candidates.length, sizePercent)), ...counts };
}
