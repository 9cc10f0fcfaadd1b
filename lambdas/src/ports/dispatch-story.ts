import type { RoundStory, StoryEvent } from '../../../shared/src/domain/dispatch-story';

export interface DispatchStoryRecord {
  rounds: RoundStory[];
  events: StoryEvent[];
  /** What the one query read: items and their size in bytes (the read's cost is ceil(bytes / 4 KB) / 2 RCU). */
  read: { items: number; bytes: number };
}

/** The dispatch story's items are written by the booking and trip writes they explain; this only reads them. */
export interface DispatchStoryStore {
  /** Rounds and events of one booking: one Query on the booking's partition, story prefix only. */
  of(bookingId: string): Promise<DispatchStoryRecord>;
}
