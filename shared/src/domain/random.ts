/** Source of uniform numbers in [0, 1); injected so codes and ids are reproducible in tests. */
export type RandomSource = () => number;

/** Integer in [min, max], both inclusive. Clamped so a source returning exactly 1 stays in range. */
export function randomInt(min: number, max: number, random: RandomSource = Math.random): number {
  const value = min + Math.floor(random() * (max - min + 1));
  return Math.min(max, Math.max(min, value));
}
