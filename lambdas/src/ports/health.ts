export interface TableProbe {
  /** One cheap read that proves the table answers. */
  ping(): Promise<void>;
}
