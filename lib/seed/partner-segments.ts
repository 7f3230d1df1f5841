// The demo's partner (DMP) segment catalogue: twenty segments from three
// providers, built from fixed lists (no random numbers, so the same on every
// seed), and a DMP audience of the advertiser with partner-data access
// (lib/seed/advertisers.ts) built on one of them: its reach estimate is the
// segment's size.
import type { Tx } from "../db";

const PROVIDERS = [
  { provider: "Oracle Data Cloud", prefix: "odc", cpm: "1.25" },
  { provider: "Eyeota", prefix: "eyt", cpm: "0.85" },
  { provider: "LiveRamp", prefix: "lr", cpm: "1.60" },
] as const;

const TAXONOMIES = [
  "Auto > Intenders > SUV",
  "Auto > Intenders > Electric vehicles",
  "Auto > Owners > Luxury",
  "Travel > Intenders > Beach holidays",
  "Travel > Business travellers",
  "Retail > Shoppers > Fashion",
  "Retail > Shoppers > Electronics",
  "Finance > Intenders > Credit cards",
  "Finance > Investors",
  "Lifestyle > Fitness enthusiasts",
  "Lifestyle > Parents > Young children",
  "Gaming > Mobile gamers",
  "Gaming > Console gamers",
  "Food > Home cooks",
  "Entertainment > Streaming > Sports fans",
  "Entertainment > Streaming > Series bingers",
  "Education > Students",
  "Home > Movers",
  "Home > Improvement > DIY",
  "Telecom > Switchers",
] as const;

/** The taxonomy's last level, as a segment's name. */
const nameOf = (path: string) => path.split(" > ").slice(1).join(" ");

/** The demo catalogue, and the DMP audience of `advertiserId` on its first segment (Auto > Intenders > SUV). */
export async function seedPartnerSegments(tx: Tx, licenseeId: number, advertiserId: number): Promise<void> {
  const segments = await tx.partnerSegment.createManyAndReturn({
    data: TAXONOMIES.map((taxonomyPath, i) => {
      const p = PROVIDERS[i % PROVIDERS.length];
      return {
        licenseeId,
        provider: p.provider,
        providerSegmentId: `${p.prefix}-${1000 + i}`,
        name: nameOf(taxonomyPath),
        taxonomyPath,
        size: BigInt(250_000 + ((i * 7_919) % 20) * 115_000),
        cpm: p.cpm,
      };
    }),
    select: { id: true, name: true },
  });
  await tx.audience.create({
    data: {
      licenseeId,
      advertiserId,
      name: "SUV intenders (partner data)",
      description: "Users the data partner sees researching SUVs",
      source: "DMP",
      kind: "CRM",
      userExpiryDays: 30,
      partnerSegmentId: segments[0].id,
    },
  });
}
