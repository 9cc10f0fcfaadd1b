/**
 * A small seeded generator (mulberry32): the demo history is the same for the same seed, so a
 * screenshot or a figure in a test can be reproduced. Not for anything secret.
 */
export interface SeededRandom {
  /** Uniform in [0, 1): also the platform's `random` port while the history plays (booking ids, trip codes). */
  next: () => number;
  between(min: number, max: number): number;
  int(min: number, max: number): number;
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** One of the items, each with its weight. */
  weighted<T>(items: readonly (readonly [T, number])[]): T;
}

export function seededRandom(seed: number): SeededRandom {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const between = (min: number, max: number) => min + next() * (max - min);
  return {
    next,
    between,
    int: (min, max) => Math.min(max, min + Math.floor(next() * (max - min + 1))),
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)]!,
    weighted: (items) => {
      const total = items.reduce((s, [, w]) => s + w, 0);
      let r = next() * total;
      for (const [item, w] of items) {
        r -= w;
        if (r < 0) return item;
      }
      return items[items.length - 1]![0];
    },
  };
}

/** A seed from text (FNV-1a): the same picture or story for the same booking, driver or label. */
export function seedOf(text: string): number {
  return [...text].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0, 2166136261);
}
