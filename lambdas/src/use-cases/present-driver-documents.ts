import type { DriverDocuments } from '../../../shared/src/contract/driver-documents';
import { dispatchPolicy } from '../../../shared/src/domain/dispatch';
import { daysLeft, documentGap, documentState, DOCUMENT_TYPES, expiresSoon, operatorDay } from '../../../shared/src/domain/driver-documents';
import { isLicenceKey } from '../../../shared/src/domain/storage-keys';
import type { AppSettings } from '../ports/settings';
import type { UploadStore } from '../ports/uploads';
import type { ProfileItem } from '../ports/users';

/**
 * A driver's documents as the driver and their reviewers see them: each one's state on the
 * operator's day, whether the settings require it, and a short-lived link to its image (the
 * licence's image is the profile's licence image, so it shows even before an expiry is entered).
 */
export async function presentDriverDocuments(deps: { uploads: Pick<UploadStore, 'viewUrl'> }, driver: ProfileItem, settings: AppSettings, nowMs: number): Promise<DriverDocuments> {
  const rule = dispatchPolicy(settings).documents;
  const today = operatorDay(nowMs, rule.timeZone);
  const items = await Promise.all(DOCUMENT_TYPES.map(async (type) => {
    const doc = driver.documents?.[type];
    const key = type === 'licence' ? driver.licenseImage : doc?.key;
    const url = key && isLicenceKey(key) ? await deps.uploads.viewUrl(key) : undefined;
    return {
      type,
      state: documentState(doc, today),
      mandatory: rule.mandatory.includes(type),
      expiresSoon: doc?.status !== 'rejected' && expiresSoon(doc, today),
      history: (doc?.history ?? []).map(({ action, at, byName, reason }) => ({ action, at, byName, ...(reason ? { reason } : {}) })),
      ...(doc ? { expiresOn: doc.expiresOn, daysLeft: daysLeft(doc, today), version: doc.version, submittedAt: doc.submittedAt } : {}),
      ...(doc?.reviewedAt !== undefined ? { reviewedAt: doc.reviewedAt, reviewedByName: doc.reviewedByName } : {}),
      ...(doc?.rejectReason ? { rejectReason: doc.rejectReason } : {}),
      ...(url ? { url } : {}),
    };
  }));
  const blocking = documentGap(driver.documents, rule, nowMs);
  return {
    driverId: driver.id,
    driverName: `${driver.firstName} ${driver.lastName}`.trim(),
    items,
    ...(blocking ? { blocking } : {}),
    ...(driver.offlineReason && driver.driverActiveStatus === false ? { offlineReason: driver.offlineReason } : {}),
  };
}
