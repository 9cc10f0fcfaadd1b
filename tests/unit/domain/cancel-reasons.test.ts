import { describe, expect, it } from 'vitest';
import { appendReason, relabelReason, removeReason } from '../../../shared/src/domain/cancel-reasons';
import { DomainError } from '../../../shared/src/domain/errors';

const list = ['a', 'b', 'c', 'd'].map((label, value) => ({ label, value }));

describe('cancellation reasons (spec §3 value = index, §5 renumbering)', () => {
  it('appends with the next value', () => {
    expect(appendReason(list, 'e').at(-1)).toEqual({ label: 'e', value: 4 });
    expect(appendReason([], 'first')).toEqual([{ label: 'first', value: 0 }]);
  });

  it.each([0, 1, 3])('deleting value %i renumbers the rest 0..n-1 in order', (value) => {
    const out = removeReason(list, value);
    expect(out.map((r) => r.value)).toEqual([0, 1, 2]);
    expect(out.map((r) => r.label)).toEqual(list.filter((r) => r.value !== value).map((r) => r.label));
  });

  it('renumbers an input that is out of order or has gaps', () => {
    expect(removeReason([{ label: 'z', value: 7 }, { label: 'x', value: 2 }, { label: 'y', value: 5 }], 5)).toEqual([{ label: 'x', value: 0 }, { label: 'z', value: 1 }]);
  });

  it('relabels in place', () => {
    expect(relabelReason(list, 2, 'C')[2]).toEqual({ label: 'C', value: 2 });
  });

  it('a value that is not there is not_found', () => {
    expect(() => removeReason(list, 9)).toThrow(DomainError);
    expect(() => relabelReason(list, 9, 'x')).toThrow(expect.objectContaining({ code: 'not_found', status: 404 }));
  });
});
