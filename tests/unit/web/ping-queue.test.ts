import { describe, expect, it } from 'vitest';
import { MAX_PING_AGE_MS, PingQueue } from '../../../web/src/features/driver-app/ping-queue';

describe('location ping queue', () => {
  it('sends the pings kept while offline oldest first, and empties', () => {
    const q = new PingQueue<string>();
    q.push('a', 1_000);
    q.push('b', 6_000);
    q.push('c', 11_000);
    expect(q.take(12_000).map((p) => p.body)).toEqual(['a', 'b', 'c']);
    expect(q.size).toBe(0);
    expect(q.take(12_000)).toEqual([]);
  });

  it('drops pings older than the age limit when the network returns', () => {
    const q = new PingQueue<string>();
    q.push('stale', 0);
    q.push('edge', 10_000);
    q.push('fresh', 35_000);
    expect(q.take(10_000 + MAX_PING_AGE_MS).map((p) => p.body)).toEqual(['edge', 'fresh']);
    expect(q.size).toBe(0);
  });

  it('drops every ping after a long outage', () => {
    const q = new PingQueue<string>();
    for (let t = 0; t < 10; t++) q.push(`p${t}`, t * 5_000);
    expect(q.take(45_000 + MAX_PING_AGE_MS + 1)).toEqual([]);
  });

  it('keeps at most its size, dropping the oldest', () => {
    const q = new PingQueue<number>(60_000, 3);
    for (let t = 1; t <= 5; t++) q.push(t, t);
    expect(q.take(10).map((p) => p.body)).toEqual([3, 4, 5]);
  });

  it('distrusts a ping stamped in the future (a clock that jumped back)', () => {
    const q = new PingQueue<string>();
    q.push('future', 50_000);
    expect(q.take(40_000)).toEqual([]);
  });
});
