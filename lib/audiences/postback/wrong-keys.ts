// Wrong MMP postback keys, counted so that keys cannot be tried at speed (in
// the database, lib/rate-limit/shared.ts, so all containers count together),
// within MMP_POSTBACK_WRONG_KEY_WINDOW_MINUTES:
// - per advertiser id of the URL (MMP_POSTBACK_WRONG_KEYS_PER_ADVERTISER),
//   whether or not the advertiser exists, so the counting tells nothing;
// - per client address (MMP_POSTBACK_WRONG_KEYS_PER_ADDRESS, lib/auth's
//   address rule with TRUST_PROXY_HOPS);
// - per advertiser and address: whether this address sent a wrong key for it.
// A wrong key past either budget is answered 429 with Retry-After. And while a
// budget is spent, an address that sent a wrong key for an advertiser is not
// heard for that advertiser at all: 429 without its key being looked at, so
// it learns nothing more by guessing on. A key from any other address is
// still checked: the advertiser's MMP sending right keys is never locked out
// by someone guessing at its advertiser from elsewhere, and an MMP server that
// one advertiser's stale key (after a rotation) put over its address budget
// keeps posting every other advertiser's events. Without a known client
// address (no stamp, lib/auth/peer-address.ts) only the advertiser's count
// applies: wrong keys past it are 429, right keys still post.
import { env } from "../../env";
import { countShared, peekSharedCounts, type RateLimitRule, type SharedCount, type SharedCounter } from "../../rate-limit/shared";

export const TOO_MANY_WRONG_KEYS_MESSAGE = "Too many wrong postback keys. Please retry later.";

interface WrongKeyRules {
  advertiser: RateLimitRule;
  address: RateLimitRule;
  /** Counts an address's wrong keys for one advertiser; its points are not a limit (any wrong key counts). */
  pair: RateLimitRule;
}

function wrongKeyRules(): WrongKeyRules {
  const config = env();
  const windowSeconds = config.MMP_POSTBACK_WRONG_KEY_WINDOW_MINUTES * 60;
  return {
    advertiser: { name: "mmp-wrong-key-advertiser", points: config.MMP_POSTBACK_WRONG_KEYS_PER_ADVERTISER, windowSeconds },
    address: { name: "mmp-wrong-key-address", points: config.MMP_POSTBACK_WRONG_KEYS_PER_ADDRESS, windowSeconds },
    pair: { name: "mmp-wrong-key-pair", points: 1, windowSeconds },
  };
}

interface Counts {
  advertiser: SharedCount;
  /** Null without a known client address (as `pair`). */
  address: SharedCount | null;
  pair: SharedCount | null;
}

const wholeSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * Seconds until the address is heard again for the advertiser, when it is not
 * now: it sent a wrong key for it and a budget is spent. That lasts until its
 * own wrong keys for the advertiser are forgotten or every spent budget's
 * window has ended, whichever comes first.
 */
function unheardFor(counts: Counts, rules: WrongKeyRules): number | null {
  if (!counts.address || !counts.pair || counts.pair.count === 0) return null;
  const spent = [
    counts.advertiser.count >= rules.advertiser.points ? counts.advertiser.msLeft : null,
    counts.address.count >= rules.address.points ? counts.address.msLeft : null,
  ].filter((ms) => ms !== null);
  return spent.length === 0 ? null : wholeSeconds(Math.min(counts.pair.msLeft, Math.max(...spent)));
}

export interface WrongKeyGuard {
  /** Retry-After seconds when this caller is not heard for the advertiser now (429, its key not looked at); null when it is. */
  refusedFor: number | null;
  /** Counts a wrong key of this caller: Retry-After seconds when the answer is 429 (over a budget), null for the plain 404. */
  countWrongKey(): Promise<number | null>;
}

/** The wrong-key counts of a request for `advertiserId` from `address` (null: unknown), read in one query. */
export async function wrongKeyGuard(advertiserId: number, address: string | null): Promise<WrongKeyGuard> {
  const rules = wrongKeyRules();
  const counters: SharedCounter[] = [{ rule: rules.advertiser, key: String(advertiserId) }];
  if (address) counters.push({ rule: rules.address, key: address }, { rule: rules.pair, key: `${advertiserId}|${address}` });
  const countsOf = (counts: SharedCount[]): Counts => ({ advertiser: counts[0], address: counts[1] ?? null, pair: counts[2] ?? null });

  return {
    refusedFor: unheardFor(countsOf(await peekSharedCounts(counters)), rules),
    async countWrongKey() {
      const counts = countsOf(await Promise.all(counters.map(countShared)));
      const over = counts.advertiser.count > rules.advertiser.points || (counts.address?.count ?? 0) > rules.address.points;
      if (!over) return null;
      // Over the advertiser's budget without a known address: until its window ends.
      return unheardFor(counts, rules) ?? wholeSeconds(counts.advertiser.msLeft);
    },
  };
}
