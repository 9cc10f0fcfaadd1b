import { fail, firstFailure, OK, type ValidationResult } from './validation-result';

export const DELIVERY_PHONE_MIN_LENGTH = 7;
/** Bounds regex work; no real number with extension comes close. */
const DELIVERY_PHONE_MAX_LENGTH = 40;

/** 7+ digits/spaces/hyphens, then optionally an extension: "x12", "ext 12", "ext.12". */
const DELIVERY_PHONE = /^[\d\s-]{7,}(?:\s*(?:ext\.?|x)\s*\d{1,6})?$/i;

export function isDeliveryPhone(phone: string): boolean {
  const value = phone.trim();
  return (
    value.length > DELIVERY_PHONE_MIN_LENGTH - 1 &&
    value.length <= DELIVERY_PHONE_MAX_LENGTH &&
    /\d/.test(value) &&
    DELIVERY_PHONE.test(value)
  );
}

export interface DeliveryDetails {
  deliveryPerson?: string | null;
  deliveryPersonPhone?: string | null;
}

/** Spec §5 delivery mode: non-blank person name and a valid phone, else deliveryDetailMissing. */
export function validateDeliveryDetails(details: DeliveryDetails): ValidationResult {
  return firstFailure(
    () => ((details.deliveryPerson ?? '').trim() ? OK : fail('deliveryDetailMissing', 'deliveryPerson')),
    () => (isDeliveryPhone(details.deliveryPersonPhone ?? '') ? OK : fail('deliveryDetailMissing', 'deliveryPersonPhone')),
  );
}
