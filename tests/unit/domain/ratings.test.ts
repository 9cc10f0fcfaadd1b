import { describe, expect, it } from 'vitest';
import { addRating } from '../../../shared/src/domain/ratings';

describe('§4 COMPLETE rating', () => {
  it('starts a rating list', () => {
    expect(addRating(undefined, { user: 'r1', rate: 4 })).toEqual({ userrating: 4, details: [{ user: 'r1', rate: 4 }] });
  });

  it('recomputes the one-decimal mean', () => {
    const r = addRating({ userrating: 4.5, details: [{ user: 'a', rate: 4 }, { user: 'b', rate: 5 }] }, { user: 'c', rate: 5 });
    expect(r.userrating).toBe(4.7);
    expect(r.details).toHaveLength(3);
  });
});
