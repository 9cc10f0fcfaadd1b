import type { CarType } from '../../shared/src/contract/catalog';
import type { Role } from '../../shared/src/contract/route';
import { bundledLanguagePacks } from '../../shared/src/i18n/language-packs';
import { carTypeRepository } from '../../lambdas/src/adapters/dynamodb/car-type-repository';
import { deviceRepository } from '../../lambdas/src/adapters/dynamodb/device-repository';
import { keys } from '../../lambdas/src/adapters/dynamodb/keys';
import { notificationRepository } from '../../lambdas/src/adapters/dynamodb/notification-repository';
import { table } from '../../lambdas/src/adapters/dynamodb/repository';
import { providerRepository } from '../../lambdas/src/adapters/dynamodb/provider-repository';
import { settingsRepository } from '../../lambdas/src/adapters/dynamodb/settings-repository';
import { walletRepository } from '../../lambdas/src/adapters/dynamodb/wallet-repository';
import * as deps from '../../lambdas/src/composition-root';
import type { ProviderItem } from '../../lambdas/src/ports/providers';
import type { AppSettings } from '../../lambdas/src/ports/settings';
import { createUserAccount } from '../../lambdas/src/use-cases/create-user-account';
import { DOCUMENT_TYPES } from '../../shared/src/domain/driver-documents';
import { seedVerifiedDocuments } from './seed-documents';

export const DEFAULT_DEMO_PASSWORD = 'Demo1234';
/** What each demo rider's wallet holds at first start (minor units). */
export const DEMO_RIDER_CREDIT = 50_00;

export const demoSettings: AppSettings = {
  appName: 'GoRide', appMode: 'delivery',
  CompanyName: 'GoRide Mobility Ltd', CompanyWebsite: 'https://example.com', CompanyTerms: 'https://example.com/terms',
  CompanyAddress: '1 Market Street, Springfield',
  contact_email: 'support@example.com',
  FacebookHandle: 'goride', TwitterHandle: 'goride', InstagramHandle: '',
  AppleStoreLink: 'https://apps.apple.com/app/id000000000', PlayStoreLink: 'https://play.google.com/store/apps/details?id=com.example.goride',
  FacebookLoginEnabled: false, MobileLoginEnabled: true, AllowCountrySelection: true, AllowCriticalEditsAdmin: true,
  country: 'United States', code: 'USD', symbol: '$', convert_to_mile: false, bank_fields: true,
  bonus: 10, otp_secure: true, driver_approval: true, email_verify: false, autoDispatch: true, CarHornRepeat: false,
  driverRadius: 10, license: '', version: 1,
  // The demo operator runs in San Francisco: its days roll over at local midnight, not 4 pm.
  timeZone: 'America/Los_Angeles',
};

const carTypes: Omit<CarType, 'createdAt' | 'version'>[] = [
  {
    id: 'economy', name: 'Economy', image: '', base_fare: 2.5, rate_per_unit_distance: 1.2, rate_per_hour: 12, min_fare: 6,
    convenience_fees: 10, convenience_fee_type: 'percentage', extra_info: 'Up to 4 passengers', parcelTypes: [], options: [],
    cancelSlab: [{ minsDelayed: 5, amount: 2 }],
  },
  {
    id: 'comfort', name: 'Comfort', image: '', base_fare: 4, rate_per_unit_distance: 1.8, rate_per_hour: 18, min_fare: 9,
    convenience_fees: 1.5, convenience_fee_type: 'flat', extra_info: 'Newer cars, extra legroom', parcelTypes: [], options: [],
    cancelSlab: [{ minsDelayed: 5, amount: 3 }],
  },
  {
    id: 'van', name: 'Van', image: '', base_fare: 5, rate_per_unit_distance: 2.2, rate_per_hour: 20, min_fare: 12,
    convenience_fees: 12, convenience_fee_type: 'percent', extra_info: 'Parcels and bulky items',
    parcelTypes: [{ description: 'Documents', amount: 2 }, { description: 'Small box', amount: 5 }, { description: 'Large box', amount: 10 }],
    options: [{ description: 'Fragile handling', amount: 3 }, { description: 'Express', amount: 6 }],
    cancelSlab: [{ minsDelayed: 5, amount: 2 }, { minsDelayed: 15, amount: 5 }],
  },
];

/** The built-in test gateway plays each of them (its page approves or declines). */
const demoProviders: ProviderItem[] = [
  { name: 'stripe', link: '/api/payments/gateway/stripe', enabled: true },
  { name: 'paypal', link: '/api/payments/gateway/paypal', enabled: true },
  { name: 'braintree', link: '/api/payments/gateway/braintree', enabled: false },
];

/** Demo phones (spec §3 User pushToken, userPlatform): what would be pushed to them is listed at /local/outbox. */
export const demoDevices: { email: string; token: string; platform: 'ANDROID' | 'IOS' }[] = [
  { email: 'rider1@example.com', token: 'demo-android-rider1-push-token', platform: 'ANDROID' },
  { email: 'driver1@example.com', token: 'demo-ios-driver1-push-token', platform: 'IOS' },
];

const cancelReasons = ['Driver is taking too long', 'Changed my mind', 'Booked by mistake', 'Found another ride', 'Other'];

export const demoUsers: { email: string; firstName: string; lastName: string; mobile: string; usertype: Role; fleet?: string; carType?: string }[] = [
  { email: 'admin@example.com', firstName: 'Ada', lastName: 'Admin', mobile: '+15550000001', usertype: 'admin' },
  { email: 'fleet@example.com', firstName: 'Fiona', lastName: 'Fleet', mobile: '+15550000002', usertype: 'fleetadmin' },
  { email: 'driver1@example.com', firstName: 'Dan', lastName: 'Driver', mobile: '+15550000003', usertype: 'driver', fleet: 'fleet@example.com', carType: 'Economy' },
  { email: 'driver2@example.com', firstName: 'Dora', lastName: 'Driver', mobile: '+15550000004', usertype: 'driver', carType: 'Van' },
  { email: 'rider1@example.com', firstName: 'Rita', lastName: 'Rider', mobile: '+15550000005', usertype: 'rider' },
  { email: 'rider2@example.com', firstName: 'Rob', lastName: 'Rider', mobile: '+15550000006', usertype: 'rider' },
];

/**
 * First-start demo data. Idempotent: each part is skipped when present, so a restart (or a seed
 * interrupted half way) never duplicates anything.
 */
/**
 * `requireDocuments` turns the driver documents rule on (every document mandatory): the demo
 * deployment shows it at work. Its drivers hold verified documents either way (seed-documents.ts),
 * so they are dispatched whatever the setting.
 */
export async function seedDemoData(opts: { password: string; step?: (m: string) => void; requireDocuments?: boolean }): Promise<{ created: boolean }> {
  const step = opts.step ?? (() => undefined);
  if (await settingsRepository.getApp()) return { created: false };
  const now = new Date().toISOString();

  step('Seeding car types, cancellation reasons and languages');
  for (const c of carTypes) {
    await carTypeRepository.create({ ...c, createdAt: now, version: 1 }).catch((e: { status?: number }) => {
      if (e.status !== 409) throw e;
    });
  }
  for (const [value, label] of cancelReasons.entries()) {
    await table.put({ ...keys.cancelReason(value), label, value });
  }
  for (const [order, pack] of bundledLanguagePacks.entries()) {
    await settingsRepository.putLanguage({ ...pack, isDefault: order === 0 }, order);
  }
  // Spec §3 payment providers; the links are where the checkout form posts.
  for (const p of demoProviders) await providerRepository.put(p);

  step('Seeding demo users');
  const uids = new Map<string, string>();
  for (const u of demoUsers) {
    if (await deps.users.emailOrMobileTaken(u.email, u.mobile)) continue;
    const profile = await createUserAccount(deps, {
      firstName: u.firstName, lastName: u.lastName, email: u.email, mobile: u.mobile, password: opts.password,
      usertype: u.usertype, approved: true, emailVerified: true, loginType: 'email', createdByAdmin: true,
      fleetadmin: u.fleet ? uids.get(u.fleet) : undefined,
      driver: u.usertype === 'driver' ? { carType: u.carType, vehicleMake: 'Toyota', vehicleModel: 'Prius', vehicleNumber: `DEMO-${uids.size + 1}` } : undefined,
    });
    uids.set(u.email, profile.id);
    // Demo riders start with money through the ledger, so paying from the wallet works at once.
    if (u.usertype === 'rider') {
      await walletRepository.move([{ uid: profile.id, type: 'Credit', amount: DEMO_RIDER_CREDIT, reason: 'AdminCredit', txRef: 'demo:welcome' }], Date.now());
    }
  }

  step('Seeding the demo drivers\' documents');
  for (const u of demoUsers) {
    const uid = uids.get(u.email);
    if (uid && u.usertype === 'driver') await seedVerifiedDocuments(uid, `${u.firstName} ${u.lastName}`);
  }

  // A phone for rider1 and driver1, so their messages and broadcasts show up as pushes in the outbox.
  step('Seeding demo devices and a notification');
  for (const d of demoDevices) {
    const uid = uids.get(d.email);
    if (!uid) continue;
    const usertype = demoUsers.find((u) => u.email === d.email)!.usertype;
    await deviceRepository.save({ uid, usertype, token: d.token, platform: d.platform, updatedAt: now });
  }
  await notificationRepository.create({
    id: 'welcome', devicetype: 'All', usertype: 'All', title: 'Welcome to GoRide',
    body: 'Book a ride or send a parcel in a few taps.', createdAt: now, version: 1, status: 'draft', total: 0, sent: 0, failed: 0,
  }).catch((e: { status?: number }) => {
    if (e.status !== 409) throw e;
  });

  // Settings last: their presence marks a finished seed.
  step('Seeding settings');
  await settingsRepository.putApp(opts.requireDocuments ? { ...demoSettings, mandatoryDocuments: [...DOCUMENT_TYPES] } : demoSettings);
  return { created: true };
}
