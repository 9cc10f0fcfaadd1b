import type { AppMode, PublicSettings } from '../../../shared/src/contract/settings';
import type { z } from 'zod/mini';

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
  dispatchBatchSize?: number;
  offerSeconds?: number;
  dispatchRounds?: number;
  bookLaterLeadMinutes?: number;
  /** Driver documents a driver must hold, verified and unexpired, to be dispatched; none when absent. */
  mandatoryDocuments?: ('licence' | 'insurance' | 'registration')[];
  /** Delivery mode: parcels carry a delivery code texted to the recipient (domain/delivery-proof). */
  delivery_code_secure?: boolean;
  version: number;
};

export interface SettingsStore {
  getApp(): Promise<AppSettings | undefined>;
  /** Strongly consistent read, for a read-modify-write. */
  getAppConsistent(): Promise<AppSettings | undefined>;
  /** Writes `next` if the stored version is still `expectedVersion` (409 `conflict` otherwise). */
  saveApp(next: AppSettings, expectedVersion: number): Promise<void>;
  listLanguages(): Promise<import('../../../shared/src/contract/settings').LanguagePack[]>;
}
