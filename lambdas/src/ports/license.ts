/**
 * The purchase-code check the deployer configures (spec §7 licence-check function). `skipped`
 * means none is configured, which passes; `rejected` is a definite no from the endpoint;
 * `unreachable` covers network failures, timeouts and answers that are not the expected JSON.
 */
export type LicenseVerdict = 'passed' | 'skipped' | 'rejected' | 'unreachable';

export interface LicenseRequest {
  reqType: 'auth' | 'settings';
  /** The purchase code; sent on settings saves. */
  license?: string;
}

export interface LicenseChecker {
  check(request: LicenseRequest): Promise<LicenseVerdict>;
}
