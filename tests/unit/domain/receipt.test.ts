import { describe, expect, it } from 'vitest';
import { withReturnLeg } from '../../../shared/src/domain/delivery-proof';
import { calculateFare } from '../../../shared/src/domain/fare';
import { renderReceiptEmail } from '../../../shared/src/i18n/receipt-email';
import { buildReceipt, hasReceipt, type ReceiptBooking, type ReceiptIssuer } from '../../../shared/src/domain/receipt';

const issuer: ReceiptIssuer = {
  appName: 'GoRide', CompanyName: 'GoRide Mobility Ltd', CompanyWebsite: 'https://example.com', contact_email: 'help@example.com',
  CompanyAddress: '1 Main Street', symbol: '$', code: 'USD', appMode: 'taxi',
};

/** A booking priced by the §9 fare itself, so the receipt is checked against what pricing stores. */
function priced(over: Partial<ReceiptBooking> = {}, parcel?: { description: string; amount: number }, option?: { description: string; amount: number }): ReceiptBooking {
  const fare = calculateFare({
    rates: { base_fare: 500, rate_per_unit_distance: 150, rate_per_hour: 1200, min_fare: 1000, convenience_fees: 10, convenience_fee_type: 'percent' },
    distance: 10, durationSeconds: 1800, parcelTypeAmount: parcel?.amount, optionAmount: option?.amount,
  });
  return {
    id: 'B1', status: 'COMPLETE', carType: 'Sedan', tripdate: 1_700_000_000_000, trip_end_time: 1_700_000_900_000,
    pickupAddress: 'Pickup St', dropAddress: 'Drop Ave', distance: 10, estimateDistance: 9, distanceUnit: 'km', total_trip_time: 1800, estimateTime: 1700,
    trip_cost: fare.grandTotal, convenience_fees: fare.convenienceFees, fare_parts: fare.parts,
    ...(parcel ? { parcelTypeSelected: parcel } : {}), ...(option ? { optionSelected: option } : {}),
    payment_mode: 'cash', customer_paid: fare.grandTotal, cashPaymentAmount: fare.grandTotal,
    customer_name: 'Ann Rider', driver_name: 'Dan Driver', vehicle_number: 'AB-123',
    ...over,
  };
}

const sum = (r: ReturnType<typeof buildReceipt>) => r.lines.reduce((s, l) => s + l.amount, 0);

describe('receipt', () => {
  it('a taxi trip: base, distance, time and the fee, adding up to what the rider paid in cash', () => {
    const r = buildReceipt(priced(), issuer);
    expect(r.lines).toEqual([
      { kind: 'base', amount: 500 }, { kind: 'distance', amount: 1500 }, { kind: 'time', amount: 600 }, { kind: 'fee', amount: 260 },
    ]);
    expect(r).toMatchObject({ subtotal: 2860, discount: 0, total: 2860, payment: { mode: 'cash', cash: 2860, wallet: 0, card: 0 } });
    expect(sum(r)).toBe(r.total);
    expect(r).toMatchObject({ driver: 'Dan Driver', vehicleNumber: 'AB-123', carType: 'Sedan', pickupAddress: 'Pickup St', dropAddress: 'Drop Ave', distance: 10, durationSeconds: 1800, estimated: false });
    expect(r.company).toEqual({ name: 'GoRide Mobility Ltd', appName: 'GoRide', website: 'https://example.com', email: 'help@example.com', address: '1 Main Street' });
    expect(r.tip).toBeUndefined();
    expect(r.lines.find((l) => l.kind === 'tip')).toBeUndefined();
  });

  it('a delivery: the parcel type and option are lines of their own, with their names', () => {
    const r = buildReceipt(priced({}, { description: 'Small box', amount: 300 }, { description: 'Fragile', amount: 200 }), { ...issuer, appMode: 'delivery' });
    expect(r.mode).toBe('delivery');
    expect(r.lines).toContainEqual({ kind: 'parcel', amount: 300, detail: 'Small box' });
    // Its price is the booking's: the distance and time shown are the ones it was priced on.
    expect(r).toMatchObject({ estimated: true, distance: 9, durationSeconds: 1700 });
    expect(renderReceiptEmail(r).text).toContain('9 km, 28 min (estimated at booking), Sedan');
    expect(r.lines).toContainEqual({ kind: 'option', amount: 200, detail: 'Fragile' });
    expect(sum(r)).toBe(r.total);
  });

  it('a promo discount is a negative line named after the promo, and the wallet paid the rest', () => {
    const b = priced();
    const r = buildReceipt({ ...b, discount: 500, promo_details: { promo_name: 'WELCOME5' }, payment_mode: 'wallet', cashPaymentAmount: 0, usedWalletMoney: b.trip_cost - 500, customer_paid: b.trip_cost - 500 }, issuer);
    expect(r.lines.at(-1)).toEqual({ kind: 'discount', amount: -500, detail: 'WELCOME5' });
    expect(r).toMatchObject({ discount: 500, total: b.trip_cost - 500, promoName: 'WELCOME5', payment: { mode: 'wallet', wallet: b.trip_cost - 500, cash: 0 } });
    expect(sum(r)).toBe(r.total);
  });

  it('a card payment names its provider', () => {
    const b = priced({ payment_mode: 'card', gateway: 'stripe', cashPaymentAmount: 0 });
    const r = buildReceipt({ ...b, cardPaymentAmount: b.trip_cost }, issuer);
    expect(r.payment).toEqual({ mode: 'card', gateway: 'stripe', cash: 0, wallet: 0, card: b.trip_cost });
  });

  it('a tip shows as its own line and adds to the total once the booking carries one', () => {
    const b = priced({ tip: 300 });
    const r = buildReceipt(b, issuer);
    expect(r.lines.at(-1)).toEqual({ kind: 'tip', amount: 300 });
    expect(r).toMatchObject({ tip: 300, total: b.trip_cost + 300 });
    expect(sum(r)).toBe(r.total);
  });

  it('a booking priced before its parts were kept shows its fare as one line, parcel apart', () => {
    const b = priced({}, { description: 'Small box', amount: 300 });
    const { fare_parts: _parts, ...old } = b;
    const r = buildReceipt(old, issuer);
    expect(r.lines.map((l) => l.kind)).toEqual(['fare', 'parcel', 'fee']);
    expect(sum(r)).toBe(r.total);
  });

  it("a failed delivery's return to the sender is its own line with its reason; the way out keeps its parts and the fees add up", () => {
    const out = priced({}, { description: 'Small box', amount: 300 });
    const returnLeg = { distance: 10, time: 1800, trip_cost: 2600, convenience_fees: 240, driver_share: 2360 };
    const failed = withReturnLeg({ ...out, driver_share: 0 }, returnLeg);
    const r = buildReceipt({ ...failed, deliveryProof: { outcome: 'failed', reason: 'refused', at: 1, returnLeg } }, { ...issuer, appMode: 'delivery' });
    expect(r.lines).toEqual([
      { kind: 'base', amount: 500 }, { kind: 'distance', amount: 1500 }, { kind: 'time', amount: 600 }, { kind: 'parcel', amount: 300, detail: 'Small box' },
      { kind: 'return', amount: 2360, detail: 'refused' }, { kind: 'fee', amount: out.convenience_fees + 240 },
    ]);
    expect(r.total).toBe(out.trip_cost + 2600);
    expect(sum(r)).toBe(r.total);
    expect(renderReceiptEmail(r).text).toMatch(/Return to the sender \(refused by the recipient\)/);
  });

  it('a delivery that was delivered, with its proof, has no return line', () => {
    const r = buildReceipt({ ...priced(), deliveryProof: { outcome: 'delivered', method: 'code', at: 1 } }, { ...issuer, appMode: 'delivery' });
    expect(r.lines.map((l) => l.kind)).not.toContain('return');
    expect(sum(r)).toBe(r.total);
  });

  it('a minimum fare shows what it added', () => {
    const r = buildReceipt({ ...priced(), trip_cost: 1100, convenience_fees: 100, fare_parts: { base: 0, distance: 200, time: 0, parcel: 0, option: 0, minimum: 800 } }, issuer);
    expect(r.lines).toEqual([{ kind: 'distance', amount: 200 }, { kind: 'minimum', amount: 800 }, { kind: 'fee', amount: 100 }]);
  });

  it('only paid and complete bookings have a receipt', () => {
    expect(['PAID', 'COMPLETE'].every(hasReceipt)).toBe(true);
    expect(['NEW', 'ACCEPTED', 'STARTED', 'REACHED', 'PENDING', 'CANCELLED', 'PAYMENT_PENDING'].some(hasReceipt)).toBe(false);
  });
});
