export interface TableProbe {
  /** One cheap read that proves the table answers; false while start-up (the seed) has not finished. */
  ping(): Promise<boolean>;
}
