import type { BookingView } from '../../../shared/src/contract/bookings';
import type { Offer } from '../../../shared/src/contract/driver-presence';
import type { DeliveryProof } from '../../../shared/src/domain/delivery-proof';
import type { Role } from '../../../shared/src/contract/route';
import { HIDDEN } from '../../../shared/src/domain/demo-mode';
import { toDecimal } from '../../../shared/src/domain/money';
import type { BookingRecord, OfferRecord, PromoDetails, StoredPricedItem } from '../ports/bookings';

const priced = (p: StoredPricedItem | undefined) => (p ? { description: p.description, amount: toDecimal(p.amount) } : undefined);
const presentPromo = (p: PromoDetails) => ({
  ...p,
  discount: toDecimal(p.discount),
  promo_discount_value: p.promo_discount_type === 'flat' ? toDecimal(p.promo_discount_value) : p.promo_discount_value,
});

/**
 * A stored booking as `viewer` may see it: money in decimals; the trip code never to a driver
 * (the rider reads it out at pickup); the offer list only to admins; contact details masked for
 * admins and fleet admins in demo mode (spec §6). The route geometry only when asked for.
 */
export function presentBooking(b: BookingRecord, viewer: { role: Role; criticalEdits: boolean }, opts: { withRoute?: boolean } = {}): BookingView {
  const {
    asked: _asked, fare_parts: _fareParts, giveUpAt: _giveUp, version: _version, excludedDrivers: _excluded, roundEndsAt: _roundEnds,
    coords, polylinePoints, requestedDrivers, otp, paymentPacket, cancelSlab, promo_details: promo, zone_fees: _zoneFees,
    deliveryCode, deliveryProof, ...rest
  } = b;
  const money = (v: number | undefined) => (v === undefined ? undefined : toDecimal(v));
  const mask = (viewer.role === 'admin' || viewer.role === 'fleetadmin') && !viewer.criticalEdits;
  return {
    ...rest,
    estimate: toDecimal(b.estimate),
    trip_cost: toDecimal(b.trip_cost),
    convenience_fees: toDecimal(b.convenience_fees),
    driver_share: toDecimal(b.driver_share),
    parcelTypeSelected: priced(b.parcelTypeSelected),
    optionSelected: priced(b.optionSelected),
    customer_paid: money(b.customer_paid),
    discount: money(b.discount),
    cashPaymentAmount: money(b.cashPaymentAmount),
    cardPaymentAmount: money(b.cardPaymentAmount),
    usedWalletMoney: money(b.usedWalletMoney),
    cancellation_fee: money(b.cancellation_fee),
    tip: money(b.tip),
    ...(b.zone_fees?.length ? { zone_fees: b.zone_fees.map((z) => ({ label: z.label, amount: toDecimal(z.amount) })) } : {}),
    ...(cancelSlab ? { cancelSlab: cancelSlab.map((c) => ({ minsDelayed: c.minsDelayed, amount: toDecimal(c.amount) })) } : {}),
    ...(paymentPacket ? {
      paymentPacket: {
        ...paymentPacket,
        customer_paid: toDecimal(paymentPacket.customer_paid), cardPaymentAmount: toDecimal(paymentPacket.cardPaymentAmount),
        discount_amount: toDecimal(paymentPacket.discount_amount), usedWalletMoney: toDecimal(paymentPacket.usedWalletMoney),
        cashPaymentAmount: toDecimal(paymentPacket.cashPaymentAmount), payableAmount: toDecimal(paymentPacket.payableAmount),
        ...(paymentPacket.promo_details ? { promo_details: presentPromo(paymentPacket.promo_details) } : {}),
      },
    } : {}),
    ...(promo ? { promo_details: presentPromo(promo) } : {}),
    ...(otp !== undefined && viewer.role !== 'driver' ? { otp } : {}),
    tripCodeRequired: otp !== undefined,
    // The delivery code is the sender's to forward: the driver must hear it from the recipient.
    ...(deliveryCode !== undefined && viewer.role === 'rider' ? { deliveryCode } : {}),
    ...(deliveryCode !== undefined ? { deliveryCodeRequired: true } : {}),
    ...(deliveryProof ? { deliveryProof: presentProof(deliveryProof) } : {}),
    ...(viewer.role === 'admin' ? { requestedDrivers } : {}),
    offersOut: Object.keys(requestedDrivers ?? {}).length,
    ...(mask ? { customer_contact: HIDDEN, customer_email: HIDDEN, ...(b.driver_contact ? { driver_contact: HIDDEN } : {}) } : {}),
    ...(opts.withRoute ? { coords, polylinePoints } : {}),
  };
}

function presentProof(p: DeliveryProof): NonNullable<BookingView['deliveryProof']> {
  if (p.outcome !== 'failed') return p;
  const leg = p.returnLeg;
  return { ...p, returnLeg: { ...leg, trip_cost: toDecimal(leg.trip_cost), convenience_fees: toDecimal(leg.convenience_fees), driver_share: toDecimal(leg.driver_share) } };
}

export function presentOffer(o: OfferRecord): Offer {
  const { driver: _driver, ...rest } = o;
  return { ...rest, bookingId: o.bookingId, estimate: toDecimal(o.estimate), driver_share: toDecimal(o.driver_share) };
}
