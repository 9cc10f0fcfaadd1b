import type { SosAlert } from '../../../shared/src/contract/sos';
import type { SosAuditEntry, SosStatus } from '../../../shared/src/domain/sos';

/** The alert as kept: also the fleet of the trip's driver when raised (its fleet admin follows it); never sent. */
export type SosAlertRecord = SosAlert & { fleetadmin?: string };

export interface SosStore {
  get(id: string, opts?: { consistent?: boolean }): Promise<SosAlertRecord | undefined>;
  /** Newest first, at most `limit`: every alert, or those of one fleet's drivers' trips. */
  latest(limit: number, opts?: { fleet?: string }): Promise<SosAlertRecord[]>;
  /**
   * The alert and the booking's flag in one transaction, conditional on the booking being the one
   * read (its version): a trip that moved on meanwhile is answered with a conflict.
   */
  raise(alert: SosAlertRecord, booking: { id: string; version: number }): Promise<void>;
  /** One audit step, conditional on the alert being in `from` (two admins at once: one wins). */
  step(id: string, from: SosStatus, to: SosStatus, entry: SosAuditEntry): Promise<SosAlertRecord>;
  /** When the raiser's emergency contact was texted. */
  markContactTexted(id: string, at: number): Promise<void>;
}
