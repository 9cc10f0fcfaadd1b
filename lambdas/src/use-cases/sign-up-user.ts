import type { z } from 'zod/mini';
import type { SignupBody } from '../../../shared/src/contract/auth';
import { DomainError } from '../../../shared/src/domain/errors';
import { buildMobile } from '../../../shared/src/domain/phone';
import { validateRegistration } from '../../../shared/src/domain/register-rules';
import { isLicenceKey } from '../../../shared/src/domain/storage-keys';
import { assertValid } from '../../../shared/src/domain/validation-result';
import type { CarTypeStore } from '../ports/catalog';
import type { SettingsStore } from '../ports/settings';
import type { UploadStore } from '../ports/uploads';
import { assertCarTypeName } from './assert-car-type-name';
import { isImageWithin } from './create-upload-url';
import { createUserAccount, type AccountDeps } from './create-user-account';
import { maxBytesOf } from './upload-keys';

/**
 * Spec §5 Register and §6: a rider (default) or driver signs up through the server. The existence
 * check runs first, then the referral id; a driver's licence must already be uploaded. The profile
 * transaction still has the last word on uniqueness (two sign-ups racing for one email).
 */
export async function signUpUser(
  deps: AccountDeps & { settings: SettingsStore; uploads: UploadStore; carTypes: CarTypeStore },
  body: z.infer<typeof SignupBody>,
): Promise<{ uid: string; approved: boolean }> {
  assertValid(validateRegistration({ firstName: body.firstName, lastName: body.lastName, email: body.email, password: body.password, mobile: body.phone }));
  const settings = await deps.settings.getApp();
  if (!settings) throw new DomainError('settings_error', 503);
  const email = body.email.trim().toLowerCase();
  const mobile = buildMobile(body.dialCode, body.phone);
  if (await deps.users.emailOrMobileTaken(email, mobile)) throw new DomainError('user_exists', 409);

  let signupViaReferral: string | undefined;
  if (body.referralId) {
    signupViaReferral = await deps.users.uidByReferral(body.referralId);
    if (!signupViaReferral) throw new DomainError('referer_not_found', 400);
  }

  let licenseImage: string | undefined;
  if (body.usertype === 'driver') {
    const key = body.licenseImage ?? '';
    const object = isLicenceKey(key) ? await deps.uploads.describe(key) : undefined;
    if (!object || !isImageWithin(maxBytesOf('licence'))(object)) throw new DomainError('validation_error', 400, 'Upload the driving licence image first');
    licenseImage = key;
    // Optional at sign-up, but when given it names a car type.
    if (body.carType !== undefined) await assertCarTypeName(deps.carTypes, body.carType);
  }

  const profile = await createUserAccount(deps, {
    firstName: body.firstName, lastName: body.lastName, email, mobile, password: body.password,
    usertype: body.usertype, loginType: 'email', emailVerified: false,
    approved: body.usertype === 'driver' ? !settings.driver_approval : true,
    signupViaReferral,
    // Only the referrer is recorded: settings `bonus` is earned by the new user's first paid trip,
    // so sign-ups alone (throw-away accounts) credit nobody.
    driver: body.usertype === 'driver'
      ? { licenseImage, vehicleMake: body.vehicleMake, vehicleModel: body.vehicleModel, vehicleNumber: body.vehicleNumber, carType: body.carType }
      : undefined,
  }).catch((e: unknown) => {
    if (e instanceof DomainError) throw e;
    throw new DomainError('reg_error', 500);
  });
  return { uid: profile.id, approved: profile.approved };
}
