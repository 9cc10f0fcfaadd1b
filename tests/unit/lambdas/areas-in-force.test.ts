import { describe, expect, it } from 'vitest';
import { areasInForce } from '../../../lambdas/src/use-cases/areas-in-force';
import type { ServiceAreaRecord } from '../../../lambdas/src/ports/service-areas';

const square = (id: string, lng: number): ServiceAreaRecord => ({
  id, name: id, kind: 'service', version: 1, updatedAt: 0,
  polygon: [{ lat: 0, lng }, { lat: 0, lng: lng + 1 }, { lat: 1, lng: lng + 1 }, { lat: 1, lng }],
});

/** The store as another function's writes leave it: areas and a revision that moves with each write. */
function store(areas: ServiceAreaRecord[]) {
  const calls = { revision: 0, list: 0, consistent: [] as (boolean | undefined)[] };
  let revision = 1;
  return {
    calls,
    write(next: ServiceAreaRecord[]) { areas = next; revision += 1; },
    deps: {
      serviceAreas: {
        revision: async () => { calls.revision += 1; return revision; },
        list: async (opts?: { consistent?: boolean }) => { calls.list += 1; calls.consistent.push(opts?.consistent); return areas; },
      },
    },
  };
}

describe('the areas in force', () => {
  it('are read again as soon as their revision moved, whichever function drew them, and not before', async () => {
    const s = store([square('a', 0)]);
    expect((await areasInForce(s.deps)).areas.map((a) => a.id)).toEqual(['a']);
    expect((await areasInForce(s.deps)).areas.map((a) => a.id)).toEqual(['a']);
    expect(s.calls).toMatchObject({ revision: 2, list: 1 });
    // Another function (no call in this process) draws a second area: the next call sees it.
    s.write([square('a', 0), square('b', 5)]);
    expect((await areasInForce(s.deps)).areas.map((a) => a.id)).toEqual(['a', 'b']);
    expect(s.calls).toMatchObject({ revision: 3, list: 2 });
    // The Query after a moved revision is consistent, so it is not older than the revision it follows.
    expect(s.calls.consistent).toEqual([true, true]);
  });
});
