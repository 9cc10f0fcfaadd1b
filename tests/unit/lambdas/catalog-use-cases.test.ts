import { describe, expect, it } from 'vitest';
import { CarTypeFields, type CarType } from '../../../shared/src/contract/catalog';
import { PromoFields } from '../../../shared/src/contract/promos';
import { conflict, DomainError } from '../../../shared/src/domain/errors';
import type { CarTypeStore, StoredCarType } from '../../../lambdas/src/ports/catalog';
import type { UploadStore } from '../../../lambdas/src/ports/uploads';
import { fakeUploads } from './uploads-fake';
import { addCarType } from '../../../lambdas/src/use-cases/add-car-type';
import type { Account } from '../../../lambdas/src/use-cases/admit-caller';
import { deleteCarType } from '../../../lambdas/src/use-cases/delete-car-type';
import { updateCarType } from '../../../lambdas/src/use-cases/update-car-type';
import { changeCancelReasons } from '../../../lambdas/src/use-cases/change-cancel-reasons';

/** No driver drives any car type unless a test says so. */
const noDrivers = { anyDriverWithCarType: async () => false };

const account = (critical = true) => ({ profile: { id: 'admin' }, settings: { AllowCriticalEditsAdmin: critical } }) as unknown as Account;

/** An in-memory store with the adapter's rules: version check and name claims. */
function memoryStore(seed: StoredCarType[] = []) {
  const items = new Map(seed.map((c) => [c.id, c]));
  const claims = new Map(seed.map((c) => [c.name.toLowerCase(), c.id]));
  const writes: string[] = [];
  const store: CarTypeStore & { items: typeof items; claims: typeof claims; writes: string[]; raceName?: string } = {
    items, claims, writes,
    async list() { return [...items.values()] as CarType[]; },
    async get(id) { return items.get(id); },
    async create(c) {
      if (store.raceName) { claims.set(store.raceName.toLowerCase(), 'other'); store.raceName = undefined; }
      if (claims.has(c.name.toLowerCase())) throw conflict();
      items.set(c.id, c); claims.set(c.name.toLowerCase(), c.id); writes.push(`create ${c.id}`);
    },
    async replace(current, next) {
      if (items.get(current.id)?.version !== current.version) throw conflict();
      const owner = claims.get(next.name.toLowerCase());
      if (owner && owner !== next.id) throw conflict();
      claims.delete(current.name.toLowerCase()); claims.set(next.name.toLowerCase(), next.id);
      items.set(next.id, next); writes.push(`replace ${next.id}`);
    },
    async remove(current, version) {
      if (!items.has(current.id)) throw new DomainError('not_found', 404);
      if (version !== undefined && items.get(current.id)!.version !== version) throw conflict();
      items.delete(current.id); claims.delete(current.name.toLowerCase()); writes.push(`remove ${current.id}`);
    },
    async nameOwner(name) { return claims.get(name.trim().toLowerCase()); },
  };
  return store;
}

const uploads = (objects: Record<string, { size: number; contentType: string }> = {}): UploadStore => fakeUploads(objects).store;

const fields = (over: Record<string, unknown> = {}) => CarTypeFields.parse({
  name: 'Sedan', base_fare: 2, rate_per_unit_distance: 1, rate_per_hour: 10, min_fare: 5, convenience_fees: 10, convenience_fee_type: 'flat', ...over,
});

const economy: StoredCarType = {
  id: 'economy', name: 'Economy', image: '', base_fare: 1, rate_per_unit_distance: 1, rate_per_hour: 1, min_fare: 1, convenience_fees: 1,
  convenience_fee_type: 'flat', createdAt: '2024-01-01T00:00:00.000Z', parcelTypes: [], options: [], cancelSlab: [], version: 3,
};

const now = () => new Date('2025-05-05T10:00:00Z');
const KEY = 'public/cartypes/11111111-2222-4333-8444-555555555555';

describe('car type contract', () => {
  it.each([
    [{ convenience_fee_type: 'percent', convenience_fees: 100.5 }, false],
    [{ convenience_fee_type: 'percentage', convenience_fees: 100 }, true],
    [{ convenience_fee_type: 'flat', convenience_fees: 1000 }, true],
    [{ convenience_fee_type: 'fixed' }, false],
    [{ base_fare: -0.01 }, false],
    [{ min_fare: 0.001 }, false],
    [{ parcelTypes: [{ description: ' ', amount: 1 }] }, false],
    [{ cancelSlab: [{ minsDelayed: 1.5, amount: 1 }] }, false],
    [{ version: 1 }, false],
    [{ image: KEY }, true],
    [{ image: 'public/users/x/profileImage' }, false],
  ])('%j valid: %s', (over, ok) => {
    expect(CarTypeFields.safeParse({ name: 'X', base_fare: 1, rate_per_unit_distance: 1, rate_per_hour: 1, min_fare: 1, convenience_fees: 1, convenience_fee_type: 'flat', ...over }).success).toBe(ok);
  });

  it('promo percentages stop at 100; flat discounts do not', () => {
    const base = { promo_name: 'SAVE', promo_discount_value: 150, max_promo_discount_value: 1, min_order: 1, promo_validity: '2030-01-31', promo_usage_limit: 1 };
    expect(PromoFields.safeParse({ ...base, promo_discount_type: 'percentage' }).success).toBe(false);
    expect(PromoFields.safeParse({ ...base, promo_discount_type: 'flat' }).success).toBe(true);
    expect(PromoFields.safeParse({ ...base, promo_discount_type: 'flat', promo_validity: '2030-02-29' }).success).toBe(false);
  });
});

describe('addCarType', () => {
  it('is refused in demo mode before anything is read or written', async () => {
    const store = memoryStore();
    await expect(addCarType({ carTypes: store, uploads: uploads(), now, users: noDrivers }, account(false), fields())).rejects.toMatchObject({ code: 'demo_mode', status: 403 });
    expect(store.writes).toEqual([]);
  });

  it('creates version 1 with a server id and time, the slab sorted', async () => {
    const store = memoryStore();
    const out = await addCarType({ carTypes: store, uploads: uploads(), now, users: noDrivers }, account(), fields({ cancelSlab: [{ minsDelayed: 9, amount: 1 }, { minsDelayed: 2, amount: 3 }] }));
    expect(out).toMatchObject({ name: 'Sedan', version: 1, createdAt: now().toISOString(), image: '' });
    expect(out.cancelSlab.map((s) => s.minsDelayed)).toEqual([2, 9]);
    expect(out).not.toHaveProperty('imageKey');
  });

  it('a name held by another car type, whatever the case, is name_exists', async () => {
    const store = memoryStore([economy]);
    await expect(addCarType({ carTypes: store, uploads: uploads(), now, users: noDrivers }, account(), fields({ name: ' ECONOMY ' }))).rejects.toMatchObject({ code: 'name_exists', status: 409 });
    expect(store.writes).toEqual([]);
  });

  it('a legacy car type without a claim still blocks its name', async () => {
    const store = memoryStore([economy]);
    store.claims.clear();
    await expect(addCarType({ carTypes: store, uploads: uploads(), now, users: noDrivers }, account(), fields({ name: 'economy' }))).rejects.toMatchObject({ code: 'name_exists' });
  });

  it('losing the claim race is name_exists too', async () => {
    const store = memoryStore();
    store.raceName = 'Sedan';
    await expect(addCarType({ carTypes: store, uploads: uploads(), now, users: noDrivers }, account(), fields())).rejects.toMatchObject({ code: 'name_exists' });
  });

  it('an image must be uploaded and be an image', async () => {
    const deps = (o: Record<string, { size: number; contentType: string }>) => ({ carTypes: memoryStore(), uploads: uploads(o), now, users: noDrivers });
    await expect(addCarType(deps({}), account(), fields({ image: KEY }))).rejects.toMatchObject({ code: 'validation_error' });
    await expect(addCarType(deps({ [KEY]: { size: 10, contentType: 'text/html' } }), account(), fields({ image: KEY }))).rejects.toMatchObject({ code: 'validation_error' });
    await expect(addCarType(deps({ [KEY]: { size: 6e6, contentType: 'image/png' } }), account(), fields({ image: KEY }))).rejects.toMatchObject({ code: 'validation_error' });
    const ok = await addCarType(deps({ [KEY]: { size: 10, contentType: 'image/png' } }), account(), fields({ image: KEY }));
    expect(ok.image).toBe(`/${KEY}`);
  });
});

describe('updateCarType', () => {
  const deps = (store: ReturnType<typeof memoryStore>) => ({ carTypes: store, uploads: uploads(), now, users: noDrivers });

  it('a stale version is a conflict and writes nothing', async () => {
    const store = memoryStore([economy]);
    await expect(updateCarType(deps(store), account(), 'economy', { version: 2, carType: fields({ name: 'Economy' }) })).rejects.toMatchObject({ code: 'conflict', status: 409 });
    expect(store.writes).toEqual([]);
  });

  it('bumps the version, keeps id, createdAt and the image when none is sent', async () => {
    const store = memoryStore([{ ...economy, image: '/public/cartypes/x', imageKey: 'public/cartypes/x' }]);
    const out = await updateCarType(deps(store), account(), 'economy', { version: 3, carType: fields({ name: 'Economy Plus' }) });
    expect(out).toMatchObject({ id: 'economy', version: 4, createdAt: economy.createdAt, image: '/public/cartypes/x', name: 'Economy Plus' });
    expect(store.items.get('economy')?.imageKey).toBe('public/cartypes/x');
  });

  it('tells a lost version race (conflict) from a name taken meanwhile (name_exists)', async () => {
    const store = memoryStore([economy]);
    const replace = store.replace;
    store.replace = async (c, n) => { store.items.set('economy', { ...economy, version: 4 }); return replace(c, n); };
    await expect(updateCarType(deps(store), account(), 'economy', { version: 3, carType: fields({ name: 'Economy' }) })).rejects.toMatchObject({ code: 'conflict' });

    const store2 = memoryStore([economy]);
    store2.replace = async () => { store2.claims.set('cheap', 'other'); throw conflict(); };
    await expect(updateCarType(deps(store2), account(), 'economy', { version: 3, carType: fields({ name: 'Cheap' }) })).rejects.toMatchObject({ code: 'name_exists' });
  });

  it('unknown ids are not_found; demo mode comes first', async () => {
    await expect(updateCarType(deps(memoryStore()), account(), 'nope', { version: 1, carType: fields() })).rejects.toMatchObject({ status: 404 });
    await expect(updateCarType(deps(memoryStore()), account(false), 'nope', { version: 1, carType: fields() })).rejects.toMatchObject({ code: 'demo_mode' });
  });
});

describe('deleteCarType', () => {
  it('deletes at the read version; refuses a stale one and demo mode', async () => {
    const store = memoryStore([economy]);
    await expect(deleteCarType({ carTypes: store, users: noDrivers }, account(false), 'economy')).rejects.toMatchObject({ code: 'demo_mode' });
    await expect(deleteCarType({ carTypes: store, users: noDrivers }, account(), 'economy', 1)).rejects.toMatchObject({ code: 'conflict' });
    expect(await deleteCarType({ carTypes: store, users: noDrivers }, account(), 'economy')).toEqual({ deleted: true });
    expect(store.writes).toEqual(['remove economy']);
  });

  it('refuses a car type that drivers still drive, writing nothing', async () => {
    const store = memoryStore([economy]);
    const driven = { anyDriverWithCarType: async (name: string) => name === economy.name };
    await expect(deleteCarType({ carTypes: store, users: driven }, account(), 'economy')).rejects.toMatchObject({ code: 'car_type_in_use', status: 409 });
    expect(store.writes).toEqual([]);
  });
});

describe('renaming a car type in use', () => {
  it('is refused while drivers drive it; other edits of it go through', async () => {
    const store = memoryStore([economy]);
    const driven = { anyDriverWithCarType: async (name: string) => name === economy.name };
    const d = { carTypes: store, uploads: uploads(), now, users: driven };
    await expect(updateCarType(d, account(), 'economy', { version: economy.version, carType: fields({ name: 'Renamed' }) }))
      .rejects.toMatchObject({ code: 'car_type_in_use', status: 409 });
    expect(store.writes).toEqual([]);
    const same = await updateCarType(d, account(), 'economy', { version: economy.version, carType: fields({ name: economy.name, min_fare: 9 }) });
    expect(same.min_fare).toBe(9);
  });
});

describe('changeCancelReasons', () => {
  it('refuses demo mode and stale versions before writing', async () => {
    const saved: unknown[] = [];
    const store = {
      list: async () => ({ items: [{ label: 'a', value: 0 }], version: 4 }),
      save: async (before: unknown, after: unknown) => { saved.push(after); return { items: [], version: 5 }; },
    };
    await expect(changeCancelReasons({ cancelReasons: store }, account(false), 4, (x) => x)).rejects.toMatchObject({ code: 'demo_mode' });
    await expect(changeCancelReasons({ cancelReasons: store }, account(), 3, (x) => x)).rejects.toMatchObject({ code: 'conflict' });
    expect(saved).toEqual([]);
    await changeCancelReasons({ cancelReasons: store }, account(), 4, () => []);
    expect(saved).toEqual([[]]);
  });
});
