import * as z from './zod';
import { DISPATCH_BOUNDS, isDispatchSettingValid, type DispatchSettingKey } from '../domain/dispatch';
import { parseDriverRadius } from '../domain/settings-rules';
import { isTimeZone } from '../domain/time-zone';
import { cleanText, moneyInput } from './common';
import { DOCUMENT_TYPES } from '../domain/driver-documents';
import { ROLES, route } from './route';
import { PaymentProvider } from './payment-providers';

export { PaymentProvider, PROVIDER_NAMES, ProviderName } from './payment-providers';

export const AppMode = z.enum(['taxi', 'delivery']);

/**
 * Dispatch tuning (beyond the spec): drivers offered per round, how long an offer stands, how many
 * rounds before the system gives up, and how early a Book Later booking starts dispatch. Absent
 * means the defaults of shared/src/domain/dispatch.ts.
 */
// As stored: a value saved under older, wider bounds still reads (dispatchPolicy clamps it).
const stored = () => z.optional(z.number().check(z.int(), z.positive()));
export const DispatchSettingsShape = {
  dispatchBatchSize: stored(),
  offerSeconds: stored(),
  dispatchRounds: stored(),
  bookLaterLeadMinutes: stored(),
};

/**
 * A dispatch setting as the form sends it: a whole number within DISPATCH_BOUNDS, or absent for
 * the default. Anything else (out of bounds, a fraction, text) is the form's spec §8 update_failed
 * (the key travels as the issue's message), so nothing is saved.
 */
function dispatchInput(key: DispatchSettingKey) {
  const { min, max } = DISPATCH_BOUNDS[key];
  const checked = z.union([z.number(), z.string()]).check(z.superRefine((value, ctx) => {
    if (!isDispatchSettingValid(key, value)) ctx.addIssue({ code: 'custom', message: 'update_failed', params: { min, max } });
  }));
  const described = z.pipe(checked, z.transform((value) => value as number)).check(z.describe(`A whole number from ${min} to ${max}; absent means the default`));
  return z.optional(described);
}
const DispatchSettingsInput = {
  dispatchBatchSize: dispatchInput('dispatchBatchSize'),
  offerSeconds: dispatchInput('offerSeconds'),
  dispatchRounds: dispatchInput('dispatchRounds'),
  bookLaterLeadMinutes: dispatchInput('bookLaterLeadMinutes'),
};

/** What any visitor of the site may read. Secrets (licence, bonus, security switches) stay out. */
export const PublicSettings = z.object({
  appName: z.string(),
  appMode: AppMode,
  CompanyName: z.string(),
  CompanyWebsite: z.string(),
  CompanyTerms: z.string(),
  /** The postal address printed on receipts; absent until an admin enters one. */
  CompanyAddress: z.optional(z.string()),
  contact_email: z.string(),
  FacebookHandle: z.string(),
  TwitterHandle: z.string(),
  InstagramHandle: z.string(),
  AppleStoreLink: z.string(),
  PlayStoreLink: z.string(),
  FacebookLoginEnabled: z.boolean(),
  MobileLoginEnabled: z.boolean(),
  AllowCountrySelection: z.boolean(),
  AllowCriticalEditsAdmin: z.boolean(),
  country: z.string(),
  code: z.string(),
  symbol: z.string(),
  convert_to_mile: z.boolean(),
  bank_fields: z.boolean(),
  /** The operator's clock (IANA name): days, months and Book Later times are the zone's. Absent means UTC. */
  timeZone: z.optional(z.string()),
});
export type PublicSettings = z.infer<typeof PublicSettings>;

export const fetchSettings = route({
  method: 'GET', path: '/settings', operationId: 'fetchSettings', area: 'settings', auth: 'public',
  summary: 'The public settings the site needs before sign-in',
  response: PublicSettings,
});

/** Everything an admin sees and edits (spec §3 Settings), with the version a save must match. */
export const AdminSettings = z.extend(PublicSettings, {
  bonus: z.number().check(z.nonnegative()),
  otp_secure: z.boolean(),
  driver_approval: z.boolean(),
  email_verify: z.boolean(),
  autoDispatch: z.boolean(),
  CarHornRepeat: z.boolean(),
  driverRadius: z.number().check(z.nonnegative()),
  license: z.string(),
  ...DispatchSettingsShape,
  /** Driver documents a driver must hold, verified and unexpired, to be dispatched (absent: none, as before documents existed). */
  mandatoryDocuments: z.optional(z.array(z.enum(DOCUMENT_TYPES))),
  /** Delivery mode: a parcel's recipient is texted a code the driver types at the drop (domain/delivery-proof; absent: off). */
  delivery_code_secure: z.optional(z.boolean()),
  version: z.number().check(z.int(), z.nonnegative()),
});
export type AdminSettings = z.infer<typeof AdminSettings>;

export const fetchAllSettings = route({
  method: 'GET', path: '/settings/all', operationId: 'fetchAllSettings', area: 'settings', auth: ['admin'],
  summary: 'Every setting, for the settings form',
  response: AdminSettings,
});

const Text = (max: number) => cleanText(max);
/** A zone the runtime's time zone database knows, else select_proper (the form picks it from a list). */
const TimeZone = z.string().check(z.superRefine((value, ctx) => {
  if (!isTimeZone(value)) ctx.addIssue({ code: 'custom', message: 'select_proper' });
}));
/** Spec §5: a blank (or any non-amount) bonus gives proper_bonus; the strict money rule, up to its maximum. */
const Bonus = moneyInput({ key: 'proper_bonus' });
/**
 * Spec §5/§9: the driver radius, a number or text as typed; blank means the default (10). Anything
 * else outside (0, MAX_DRIVER_RADIUS] is refused, never replaced by the default.
 */
const DriverRadiusChecked = z.union([z.number(), z.string()]).check(z.superRefine((value, ctx) => {
  if (!parseDriverRadius(value).ok) ctx.addIssue({ code: 'custom', message: 'driverRadius must be above 0 and at most 100 (two decimals at most), or blank for the default' });
}));
const DriverRadius = z.pipe(DriverRadiusChecked, z.transform((value) => { const r = parseDriverRadius(value); return r.ok ? r.radius : Number.NaN; }));

/** The whole settings form; unknown fields are refused. The rules of §5 run in the use case. */
export const SettingsForm = z.strictObject({
  appName: Text(60),
  appMode: AppMode,
  CompanyName: Text(120),
  CompanyWebsite: Text(300),
  CompanyTerms: Text(300),
  CompanyAddress: z.optional(Text(300)),
  contact_email: Text(254),
  FacebookHandle: Text(100),
  TwitterHandle: Text(100),
  InstagramHandle: Text(100),
  AppleStoreLink: Text(300),
  PlayStoreLink: Text(300),
  FacebookLoginEnabled: z.boolean(),
  MobileLoginEnabled: z.boolean(),
  AllowCountrySelection: z.boolean(),
  AllowCriticalEditsAdmin: z.boolean(),
  country: Text(60),
  code: Text(10),
  symbol: Text(10),
  convert_to_mile: z.boolean(),
  bank_fields: z.boolean(),
  bonus: Bonus,
  otp_secure: z.boolean(),
  driver_approval: z.boolean(),
  email_verify: z.boolean(),
  autoDispatch: z.boolean(),
  CarHornRepeat: z.boolean(),
  driverRadius: DriverRadius,
  license: Text(200),
  timeZone: z.optional(TimeZone),
  ...DispatchSettingsInput,
  mandatoryDocuments: z.optional(z.array(z.enum(DOCUMENT_TYPES)).check(z.maxLength(DOCUMENT_TYPES.length))),
  delivery_code_secure: z.optional(z.boolean()),
});
export type SettingsForm = z.infer<typeof SettingsForm>;

export const editSettings = route({
  method: 'PUT', path: '/settings', operationId: 'editSettings', area: 'settings', auth: ['admin'],
  summary: 'Save the settings if `version` is current (409 otherwise); a purchase code is checked remotely (wrong_code); refused in demo mode (demo_mode); settings_error while no settings are stored',
  body: z.strictObject({ version: z.number().check(z.int(), z.nonnegative()), settings: SettingsForm }),
  response: z.object({ code: z.literal('updated'), settings: AdminSettings }),
});


export const getProviders = route({
  method: 'GET', path: '/providers', operationId: 'getProviders', area: 'settings', auth: ROLES,
  summary: 'The enabled payment providers (spec get_providers); 404 no_provider_found when there are none',
  response: z.object({ items: z.array(PaymentProvider) }),
});

export const LanguagePack = z.object({
  code: z.string().check(z.minLength(2), z.maxLength(10)),
  name: z.string(),
  isDefault: z.boolean(),
  translations: z.record(z.string(), z.string()),
});
export type LanguagePack = z.infer<typeof LanguagePack>;

export const getLanguages = route({
  method: 'GET', path: '/languages', operationId: 'getLanguages', area: 'settings', auth: 'public',
  summary: 'Language packs; the first one is the default',
  response: z.object({ items: z.array(LanguagePack) }),
});
