import { DomainError } from './errors';

export interface Reason { label: string; value: number }

/** Spec §3: a reason's value is its index. New reasons go to the end. */
export function appendReason(items: readonly Reason[], label: string): Reason[] {
  return [...items, { label, value: items.length }];
}

export function relabelReason(items: readonly Reason[], value: number, label: string): Reason[] {
  if (!items.some((r) => r.value === value)) throw new DomainError('not_found', 404);
  return items.map((r) => (r.value === value ? { ...r, label } : r));
}

/** Spec §5: deleting a cancellation reason renumbers the rest 0..n-1, keeping their order. */
export function removeReason(items: readonly Reason[], value: number): Reason[] {
  if (!items.some((r) => r.value === value)) throw new DomainError('not_found', 404);
  return [...items]
    .sort((a, b) => a.value - b.value)
    .filter((r) => r.value !== value)
    .map((r, i) => ({ label: r.label, value: i }));
}
