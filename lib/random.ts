// A small seeded PRNG: the demo data and the delivery simulator must come out
// identical on every run and on every machine, so nothing here may touch
// Math.random or the clock.

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Whole number in [min, max]. */
  int(min: number, max: number): number;
  /** Uniform in [min, max), rounded to `decimals` places, as a number. */
  range(min: number, max: number, decimals?: number): number;
  /** A decimal string with exactly `decimals` places (money goes to NUMERIC as text, never through floats). */
  money(min: number, max: number, decimals?: number, step?: number): string;
  pick<T>(items: readonly T[]): T;
  /** `count` distinct items, in a deterministic order. */
  sample<T>(items: readonly T[], count: number): T[];
  chance(p: number): boolean;
}

export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function createRng(seed: number): Rng {
  const next = mulberry32(seed);
  const rng: Rng = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    range: (min, max, decimals = 4) => Number((min + next() * (max - min)).toFixed(decimals)),
    money(min, max, decimals = 2, step) {
      const raw = min + next() * (max - min);
      const value = step ? Math.max(step, Math.round(raw / step) * step) : raw;
      return value.toFixed(decimals);
    },
    pick: (items) => items[Math.floor(next() * items.length)],
    sample(items, count) {
      const pool = [...items];
      for (let i = pool.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [pool[i], pool[j]] = [pool[j], pool[i]];
      }
      return pool.slice(0, Math.min(count, pool.length));
    },
    chance: (p) => next() < p,
  };
  return rng;
}

/** A stable seed per name, so one licensee's data does not shift when another's blueprint changes. */
export function seedFor(name: string): number {
  let h = 2166136261;
  for (let i = 0; i < name.length; i++) {
    h ^= name.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

export const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;

export function startOfUtcDay(d: Date): Date {
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
}

export function addDays(d: Date, days: number): Date {
  return new Date(d.getTime() + days * DAY_MS);
}
