import type { AppMode, PublicSettings } from '../../../shared/src/contract/settings';
import type { z } from 'zod';

/** The full settings item (spec §3 Settings). Only `PublicSettings` fields leave through public routes. */
export type AppSettings = PublicSettings & {
  appMode: z.infer<typeof AppMode>;
  bonus: number;
  otp_secure: boolean;
  driver_approval: boolean;
  email_verify: boolean;
  autoDispatch: boolean;
  CarHornRepeat: boolean;
  driverRadius: number;
  license: string;
  version: number;
};

export interface SettingsStore {
  getApp(): Promise<AppSettings | undefined>;
  listLanguages(): Promise<import('../../../shared/src/contract/settings').LanguagePack[]>;
}
