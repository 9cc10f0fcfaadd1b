import { z } from 'zod';
import { route } from './route';

export const AppMode = z.enum(['taxi', 'delivery']);

/** What any visitor of the site may read. Secrets (licence, bonus, security switches) stay out. */
export const PublicSettings = z.object({
  appName: z.string(),
  appMode: AppMode,
  CompanyName: z.string(),
  CompanyWebsite: z.string(),
  CompanyTerms: z.string(),
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
});
export type PublicSettings = z.infer<typeof PublicSettings>;

export const fetchSettings = route({
  method: 'GET', path: '/settings', operationId: 'fetchSettings', area: 'settings', auth: 'public',
  summary: 'The public settings the site needs before sign-in',
  response: PublicSettings,
});

export const LanguagePack = z.object({
  code: z.string().min(2).max(10),
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
