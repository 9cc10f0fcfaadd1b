import { config } from '../../config';
import type { LicenseChecker, LicenseRequest, LicenseVerdict } from '../../ports/license';
import { logger } from '../../observability/logger';

const TIMEOUT_MS = 5000;

/** HTTPS only, except a loopback endpoint (tests and a deployer's local stub). */
export function isAllowedLicenseUrl(url: string): boolean {
  try {
    const u = new URL(url);
    if (u.protocol === 'https:') return true;
    return u.protocol === 'http:' && (u.hostname === 'localhost' || u.hostname === '127.0.0.1' || u.hostname === '[::1]');
  } catch {
    return false;
  }
}

/**
 * Spec §7 licence-check function: POST `{ projectId, createTime, reqType, license? }` to the
 * endpoint the deployer configures (CDK context `licenseCheckUrl` → env `LICENSE_CHECK_URL`) and
 * read `{ success: boolean }`. Without an endpoint the check passes.
 */
export function httpLicenseChecker(opts: {
  url: () => string | undefined;
  projectId: () => string;
  now?: () => Date;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
}): LicenseChecker {
  return {
    async check(request: LicenseRequest): Promise<LicenseVerdict> {
      const url = opts.url()?.trim();
      if (!url) return 'skipped';
      if (!isAllowedLicenseUrl(url)) {
        logger.error('LICENSE_CHECK_URL must be an https URL', { url });
        return 'unreachable';
      }
      const body = {
        projectId: opts.projectId(),
        createTime: (opts.now ?? (() => new Date()))().toISOString(),
        reqType: request.reqType,
        ...(request.reqType === 'settings' ? { license: request.license ?? '' } : {}),
      };
      try {
        const res = await (opts.fetchImpl ?? fetch)(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(opts.timeoutMs ?? TIMEOUT_MS),
        });
        const json = (await res.json().catch(() => undefined)) as { success?: unknown } | undefined;
        if (typeof json?.success !== 'boolean') return 'unreachable';
        return json.success ? 'passed' : 'rejected';
      } catch (e) {
        logger.warn('licence check failed', { error: e as Error });
        return 'unreachable';
      }
    },
  };
}

export const licenseChecker = httpLicenseChecker({
  url: () => config().LICENSE_CHECK_URL,
  projectId: () => config().POWERTOOLS_SERVICE_NAME,
});
