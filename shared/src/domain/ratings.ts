import { round1 } from './money';

export interface RatingEntry {
  user: string;
  rate: number;
}

export interface Ratings {
  /** Mean of all rates, one decimal (spec §9). */
  userrating: number;
  details: RatingEntry[];
}

/** Spec §4 COMPLETE: append the rating and recompute the driver's one-decimal mean. */
export function addRating(current: Ratings | null | undefined, entry: RatingEntry): Ratings {
  const details = [...(current?.details ?? []), entry];
  const sum = details.reduce((acc, d) => acc + d.rate, 0);
  return { userrating: round1(sum / details.length), details };
}
