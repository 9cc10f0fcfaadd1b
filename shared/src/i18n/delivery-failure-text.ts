import type { DeliveryFailureReason } from '../domain/delivery-proof';

/**
 * Why a parcel could not be delivered, in the platform's own messages (English, as its pushes and
 * e-mails are; the web shows `pod_reason_*` in the reader's language): mid-sentence, lower case.
 */
export const DELIVERY_FAILURE_TEXT: Record<DeliveryFailureReason, string> = {
  recipient_absent: 'recipient absent', refused: 'refused by the recipient', address_wrong: 'wrong address', damaged: 'damaged',
};
