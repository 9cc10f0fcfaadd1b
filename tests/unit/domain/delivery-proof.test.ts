import { describe, expect, it } from 'vitest';
import {
  codeMatches, deliveryCodeDue, makeDeliveryCode, proofOutstanding, proofRefusal, returnLegCost, returnRefusal, withReturnLeg,
  type DeliveryProof, type ReturnLeg,
} from '../../../shared/src/domain/delivery-proof';
import { settlementMovements } from '../../../shared/src/domain/trip-settlement';
import { foldByWallet, needsCover } from '../../../shared/src/domain/wallet-ledger';

const leg: ReturnLeg = { distance: 3, time: 420, trip_cost: 12_50, convenience_fees: 1_25, driver_share: 11_25 };
const parcel = { status: 'REACHED', deliveryPerson: 'Pat', deliveryPersonPhone: '555 123 4567', deliveryCode: '123456' };
const failed: DeliveryProof = { outcome: 'failed', reason: 'refused', at: 1, returnLeg: leg };

describe('delivery codes', () => {
  it('are six digits without a leading zero, from the whole range', () => {
    expect(makeDeliveryCode(() => 0)).toBe('100000');
    expect(makeDeliveryCode(() => 0.999999999)).toBe('999999');
    expect(makeDeliveryCode(() => 0.5)).toMatch(/^[1-9]\d{5}$/);
  });

  it('are due only in delivery mode, with codes on and a recipient phone', () => {
    expect(deliveryCodeDue({ appMode: 'delivery', delivery_code_secure: true }, '555 123')).toBe(true);
    expect(deliveryCodeDue({ appMode: 'delivery', delivery_code_secure: true }, '  ')).toBe(false);
    expect(deliveryCodeDue({ appMode: 'delivery', delivery_code_secure: false }, '555 123')).toBe(false);
    expect(deliveryCodeDue({ appMode: 'delivery' }, '555 123')).toBe(false);
    expect(deliveryCodeDue({ appMode: 'taxi', delivery_code_secure: true }, '555 123')).toBe(false);
  });

  it('match only exactly', () => {
    expect(codeMatches('123456', '123456')).toBe(true);
    expect(codeMatches('123456', '123457')).toBe(false);
    expect(codeMatches('123456', '12345')).toBe(false);
    expect(codeMatches('123456', '1234567')).toBe(false);
  });
});

describe('what the drop may record', () => {
  it('a parcel at the drop with nothing recorded: a code, a photo and name, or a failure', () => {
    expect(proofRefusal(parcel, { method: 'code', code: '123456' })).toBeUndefined();
    expect(proofRefusal({ ...parcel, deliver_image: 'k' }, { method: 'left_with', receivedBy: 'Sam' })).toBeUndefined();
    expect(proofRefusal(parcel, { method: 'failed' })).toBeUndefined();
  });

  it('refuses, in this order: no parcel, recorded already, not at the drop, no code to check, no photo', () => {
    expect(proofRefusal({ status: 'REACHED' }, { method: 'failed' })).toBe('delivery_not_a_parcel');
    expect(proofRefusal({ ...parcel, status: 'STARTED', deliveryProof: failed }, { method: 'failed' })).toBe('delivery_already_recorded');
    for (const status of ['ACCEPTED', 'STARTED', 'PAID']) expect(proofRefusal({ ...parcel, status }, { method: 'failed' })).toBe('delivery_not_at_drop');
    expect(proofRefusal({ ...parcel, deliveryCode: undefined }, { method: 'code', code: '123456' })).toBe('delivery_code_not_set');
    expect(proofRefusal(parcel, { method: 'left_with', receivedBy: 'Sam' })).toBe('delivery_photo_missing');
  });

  it('reads the driver\'s view (deliveryCodeRequired, no code) as the stored booking', () => {
    const seen = { status: 'REACHED', deliveryPerson: 'Pat', deliveryCodeRequired: true };
    expect(proofRefusal(seen, { method: 'code', code: '123456' })).toBeUndefined();
    expect(proofOutstanding(seen)).toBe(true);
  });

  it('a return only of a failed delivery not yet returned, at the drop', () => {
    expect(returnRefusal({ ...parcel, deliveryProof: failed })).toBeUndefined();
    expect(returnRefusal(parcel)).toBe('delivery_no_return');
    expect(returnRefusal({ ...parcel, deliveryProof: { outcome: 'delivered', method: 'code', at: 1 } })).toBe('delivery_no_return');
    expect(returnRefusal({ ...parcel, deliveryProof: { ...failed, returnedAt: 2 } })).toBe('delivery_already_returned');
    expect(returnRefusal({ ...parcel, status: 'PAID', deliveryProof: failed })).toBe('delivery_not_at_drop');
  });
});

describe('settling waits for the proof', () => {
  it('a parcel with a code until its delivery is recorded; a failed one until it is back with the sender; others never', () => {
    expect(proofOutstanding(parcel)).toBe(true);
    expect(proofOutstanding({ ...parcel, deliveryProof: { outcome: 'delivered', method: 'code', at: 1 } })).toBe(false);
    expect(proofOutstanding({ ...parcel, deliveryProof: failed })).toBe(true);
    expect(proofOutstanding({ ...parcel, deliveryProof: { ...failed, returnedAt: 2 } })).toBe(false);
    expect(proofOutstanding({ ...parcel, deliveryCode: undefined })).toBe(false);
    expect(proofOutstanding({ status: 'REACHED' })).toBe(false);
  });
});

describe('the return leg\'s money', () => {
  it('is added to the trip\'s own lines: the sender pays it, the fee is the platform\'s, the rest the driver\'s', () => {
    const b = withReturnLeg({ trip_cost: 20_00, convenience_fees: 2_00, driver_share: 18_00 }, leg);
    expect(b).toEqual({ trip_cost: 32_50, convenience_fees: 3_25, driver_share: 29_25 });
    expect(b.trip_cost - b.convenience_fees).toBe(b.driver_share);
    expect(returnLegCost(failed)).toBe(12_50);
    expect(returnLegCost(undefined)).toBe(0);
  });

  it('of a prepaid parcel is taken from the sender\'s wallet at settlement, even into debt; the card part is what was prepaid', () => {
    const s = settlementMovements({ id: 'b1', driver: 'd', customer: 'r', trip_cost: 32_50, driver_share: 29_25, owedAfterPrepay: 12_50 }, 'card');
    expect(s).toMatchObject({ customerPaid: 32_50, cardPaymentAmount: 20_00, usedWalletMoney: 12_50, cashPaymentAmount: 0 });
    expect(s.movements).toEqual([
      { uid: 'r', type: 'Debit', amount: 12_50, reason: 'ReturnLeg', txRef: 'booking:b1:return', bookingId: 'b1' },
      { uid: 'd', type: 'Credit', amount: 29_25, reason: 'TripShare', txRef: 'booking:b1:share', bookingId: 'b1' },
    ]);
    expect(needsCover(s.movements[0]!)).toBe(false);
    expect(foldByWallet(s.movements).get('r')).toEqual({ delta: -12_50, need: 0 });
    // Paid any other way, the return is simply in what is paid.
    expect(settlementMovements({ id: 'b1', driver: 'd', customer: 'r', trip_cost: 32_50, driver_share: 29_25, owedAfterPrepay: 12_50 }, 'cash').movements.map((m) => m.reason)).toEqual(['TripShare', 'CashCollected']);
  });
});
