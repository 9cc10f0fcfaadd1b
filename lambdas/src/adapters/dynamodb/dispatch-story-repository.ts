import type { RoundStory, StoryEvent } from '../../../../shared/src/domain/dispatch-story';
import type { DispatchStoryStore } from '../../ports/dispatch-story';
import { keys } from './keys';
import { stripKeys, table, type Item, type TransactItem } from './repository';

/** The story outlives its booking's dispatch for support and disputes, like the trip's tracking; TTL removes it after a year. */
const STORY_TTL_SECONDS = 365 * 24 * 60 * 60;
const ttl = (at: number) => Math.floor(at / 1000) + STORY_TTL_SECONDS;

/** A round's story, written once: a repeat of the round fails with the round's own guard, never here. */
export function roundStoryPut(bookingId: string, story: RoundStory): TransactItem {
  return { Put: { Item: { ...keys.dispatchRound(bookingId, story.round, story.at), type: 'round', ...story, expiresAt: ttl(story.at) } } };
}

export function storyEventPut(bookingId: string, event: StoryEvent): TransactItem {
  const who = 'driver' in event ? event.driver : event.kind === 'cancelled' ? event.by : '-';
  return { Put: { Item: { ...keys.dispatchEvent(bookingId, event.at, event.kind, who), type: 'event', ...event, expiresAt: ttl(event.at) } } };
}

/** DynamoDB's item size: names and values as UTF-8 (close enough for a cost figure; numbers count as their digits). */
export function itemBytes(item: Item): number {
  return Buffer.byteLength(JSON.stringify(item), 'utf8');
}

export const dispatchStoryRepository: DispatchStoryStore = {
  async of(bookingId) {
    const items = await table.beginsWith<Item>(keys.bookingPk(bookingId), keys.dispatchPrefix);
    const rounds: RoundStory[] = [];
    const events: StoryEvent[] = [];
    let bytes = 0;
    for (const i of items) {
      bytes += itemBytes(i);
      const { type, expiresAt: _, ...rest } = stripKeys(i) as Item & { type?: string; expiresAt?: number };
      if (type === 'round') rounds.push(rest as unknown as RoundStory);
      else if (type === 'event') events.push(rest as unknown as StoryEvent);
    }
    rounds.sort((a, b) => a.at - b.at || a.round - b.round);
    events.sort((a, b) => a.at - b.at);
    return { rounds, events, read: { items: items.length, bytes } };
  },
};
