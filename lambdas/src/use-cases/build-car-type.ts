import type { CarTypeFields } from '../../../shared/src/contract/catalog';
import { DomainError } from '../../../shared/src/domain/errors';
import type { CarTypeStore, StoredCarType } from '../ports/catalog';
import type { UserStore } from '../ports/users';
import type { UploadStore } from '../ports/uploads';
import { maxBytesOf } from './upload-keys';
import { isImageWithin } from './create-upload-url';

export interface CarTypeDeps {
  carTypes: CarTypeStore;
  users: Pick<UserStore, 'anyDriverWithCarType'>;
  uploads: UploadStore;
  now: () => Date;
}

export const nameExists = (what: 'car type' | 'promo') =>
  new DomainError('name_exists', 409, `A ${what} with this name already exists.`);

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Names are unique, case-insensitively. The claim written with the item decides races; this read
 * also covers car types stored before claims existed, and gives the caller the precise code.
 */
export async function assertCarTypeNameFree(deps: Pick<CarTypeDeps, 'carTypes'>, name: string, selfId?: string): Promise<void> {
  const [owner, all] = await Promise.all([deps.carTypes.nameOwner(name), deps.carTypes.list()]);
  if ((owner && owner !== selfId) || all.some((c) => c.id !== selfId && sameName(c.name, name))) throw nameExists('car type');
}

/** The image part of a car type: a fresh upload (checked), the current one, or none. */
export async function resolveCarTypeImage(
  deps: Pick<CarTypeDeps, 'uploads'>,
  requested: string | null | undefined,
  current?: Pick<StoredCarType, 'image' | 'imageKey'>,
): Promise<Pick<StoredCarType, 'image' | 'imageKey'>> {
  if (requested === undefined) return { image: current?.image ?? '', imageKey: current?.imageKey };
  if (requested === null) return { image: '', imageKey: undefined };
  if (requested === current?.imageKey) return { image: current.image, imageKey: current.imageKey };
  const object = await deps.uploads.describe(requested);
  if (!object) throw new DomainError('validation_error', 400, 'Upload the image first', [{ path: 'body.image', message: 'not uploaded' }]);
  if (!isImageWithin(maxBytesOf('carTypeImage'))(object)) {
    throw new DomainError('validation_error', 400, 'The image must be a JPEG, PNG or WebP of at most 5 MB', [{ path: 'body.image', message: 'not an image' }]);
  }
  return { image: deps.uploads.publicUrl(requested), imageKey: requested };
}

/** The admin's fields over the server's (id, createdAt, version). */
export function buildCarType(
  fields: CarTypeFields,
  server: Pick<StoredCarType, 'id' | 'createdAt' | 'version'>,
  image: Pick<StoredCarType, 'image' | 'imageKey'>,
): StoredCarType {
  return {
    id: server.id,
    createdAt: server.createdAt,
    version: server.version,
    name: fields.name,
    image: image.image,
    ...(image.imageKey ? { imageKey: image.imageKey } : {}),
    base_fare: fields.base_fare,
    rate_per_unit_distance: fields.rate_per_unit_distance,
    rate_per_hour: fields.rate_per_hour,
    min_fare: fields.min_fare,
    convenience_fees: fields.convenience_fees,
    convenience_fee_type: fields.convenience_fee_type,
    extra_info: fields.extra_info ?? '',
    parcelTypes: fields.parcelTypes,
    options: fields.options,
    cancelSlab: [...fields.cancelSlab].sort((a, b) => a.minsDelayed - b.minsDelayed),
  };
}

/** What leaves the API: the upload key stays inside. */
export function presentCarType({ imageKey: _key, ...carType }: StoredCarType) {
  return carType;
}

/**
 * Drivers hold their car type by name (spec §3), so a name in use stays: renaming or deleting it
 * would leave drivers on a car type that no longer exists. Reassign the drivers first.
 */
export async function assertCarTypeNotInUse(deps: Pick<CarTypeDeps, 'users'>, name: string): Promise<void> {
  if (await deps.users.anyDriverWithCarType(name)) throw new DomainError('car_type_in_use', 409, 'Drivers still use this car type. Move them to another car type first.');
}
