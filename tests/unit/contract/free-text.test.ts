import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { freeTexts, moneyInputs } from '../../../shared/src/contract/common';
import { routes } from '../../../shared/src/contract/routes';

/**
 * Issue #19 item 13: every string a person types into a request body is free text cleaned by the
 * contract's `cleanText` (no control characters stored, invisible-only text empty). Strings that
 * are not prose are listed here with why; any other raw string field fails this test.
 */
const NOT_PROSE: Record<string, string> = {
  email: 'an address, checked by the e-mail rule', contact_email: 'an address', password: 'kept byte for byte',
  phone: 'digits, checked by the phone rule', mobile: 'digits', mobile_no: 'digits (test gateway form)', dialCode: 'digits',
  referralId: 'a code', code: 'a promo code', otp: 'digits', licenseImage: 'an upload key', image: 'an upload key', key: 'an upload key',
  uploadId: 'an upload id', etag: 'an upload part tag', pushToken: 'a device token', token: 'a device token', language: 'a BCP 47 tag (DeviceLanguage)',
  place_id: 'a map service id', latlng: 'coordinates', start: 'coordinates', dest: 'coordinates', waypoints: 'coordinates',
  carTypeId: 'an id', riderId: 'an id', driverId: 'an id', bookingId: 'an id', order_id: 'an id', cust_id: 'an id',
  promo_name: 'one word of letters, digits, _ or -', promo_validity: 'a date', amount: 'money (moneyInput)', bonus: 'money (moneyInput)',
  driverRadius: 'a number (parseDriverRadius)', timeZone: 'an IANA zone name (isTimeZone)', tripdate: 'a date-time of the field (parseDateTimeInput)',
  dispatchBatchSize: 'a whole number (DISPATCH_BOUNDS)', offerSeconds: 'a whole number (DISPATCH_BOUNDS)', dispatchRounds: 'a whole number (DISPATCH_BOUNDS)', bookLaterLeadMinutes: 'a whole number (DISPATCH_BOUNDS)',
  expiresOn: 'a calendar day (expiryProblem)',
  currency: 'a currency code', quantity: 'digits', body: 'a provider webhook, verified byte for byte',
};

type Found = { path: string; name: string; clean: boolean };
function strings(schema: z.ZodMiniType, path: string, name: string, out: Found[]) {
  const def = (schema as any)._zod.def;
  if (freeTexts.has(schema)) { out.push({ path, name, clean: true }); return; }
  if (moneyInputs.has(schema)) return;
  switch (def.type) {
    case 'string': out.push({ path, name, clean: false }); return;
    case 'optional': case 'nullable': case 'default': case 'prefault': case 'readonly': case 'catch': strings(def.innerType, path, name, out); return;
    case 'pipe': strings(def.in, path, name, out); return;
    case 'union': for (const o of def.options) strings(o, path, name, out); return;
    case 'array': strings(def.element, `${path}[]`, name, out); return;
    case 'object': for (const [k, v] of Object.entries(def.shape)) strings(v as z.ZodMiniType, `${path}.${k}`, k, out); return;
    default:
  }
}

describe('free text in the contract', () => {
  const found: Found[] = [];
  for (const r of routes) if (r.body) strings(r.body, r.operationId, '', found);

  it('every string field of every request body is cleaned free text, or not prose for a stated reason', () => {
    const raw = found.filter((f) => !f.clean && !(f.name in NOT_PROSE) && f.path !== 'confirmPayment');
    expect(raw.map((f) => f.path)).toEqual([]);
  });

  it('names, labels, titles, addresses, instructions, reasons and messages are among the cleaned fields', () => {
    const cleaned = new Set(found.filter((f) => f.clean).map((f) => f.path));
    for (const p of [
      'updateProfile.firstName', 'addUser.lastName', 'editUser.vehicleMake', 'userSignup.firstName', 'addCarType.name', 'addCarType.parcelTypes[].description',
      'addCancelReason.label', 'addPromo.promo_description', 'addNotification.title', 'addNotification.body', 'sendChatMessage.message',
      'addBooking.pickup.add', 'addBooking.instructionData.deliveryPerson', 'cancelBooking.reason', 'requestWithdraw.bankName', 'editSettings.settings.appName',
    ]) expect(cleaned, p).toContain(p);
  });
});
