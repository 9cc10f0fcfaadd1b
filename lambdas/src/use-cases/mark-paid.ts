import { earningsAddition, earningsPeriods } from '../../../shared/src/domain/earnings';
import { operatorZone } from '../../../shared/src/domain/time-zone';
import { settlementMovements, type PaymentMode } from '../../../shared/src/domain/trip-settlement';
import { returnLegCost } from '../../../shared/src/domain/delivery-proof';
import type { BookingRecord } from '../ports/bookings';
import type { TripChange } from '../ports/trips';
import type { AppSettings } from '../ports/settings';
import { money, term } from '../../../shared/src/i18n/notifications';
import { advance, tell } from './trip-step';

/**
 * Spec §4 PAID as one step, whoever triggers it (the driver taking cash, the rider's wallet, a
 * provider confirming): the driver's share credited and any cash debited through the ledger, a
 * wallet payment debited from the rider, the driver freed when they are still held by the trip,
 * the earnings aggregates added, both parties told. Every txRef comes from the booking, and the
 * step is conditioned on the booking's status, so a second delivery moves nothing.
 */
export function paidChange(booking: BookingRecord, mode: PaymentMode, at: number, settings: Pick<AppSettings, 'symbol' | 'timeZone'>): TripChange {
  const driver = booking.driver!;
  const settlement = settlementMovements({
    id: booking.id, driver, customer: booking.customer, trip_cost: booking.trip_cost, driver_share: booking.driver_share, discount: booking.discount,
    ...(booking.prepaid ? { owedAfterPrepay: returnLegCost(booking.deliveryProof) } : {}),
  }, mode);
  const next = advance(booking, 'PAID', {
    payment_mode: mode,
    customer_paid: settlement.customerPaid,
    cashPaymentAmount: settlement.cashPaymentAmount,
    usedWalletMoney: settlement.usedWalletMoney,
    cardPaymentAmount: settlement.cardPaymentAmount,
  });
  const amount = (minor: number) => money(minor, settings.symbol ?? '');
  const modeText = term(booking.prepaid ? 'pay_prepaid' : `pay_${mode}`);
  // Filed under the operator's day and month of the trip date, as the dashboard and reports read them.
  const { day, month } = earningsPeriods(booking.tripdate, operatorZone(settings));
  return {
    current: booking, next, at,
    // PENDING already freed the driver (spec §4 PENDING); from REACHED the trip still holds them.
    ...(booking.status === 'REACHED' ? { driver: { uid: driver, queue: false } } : {}),
    movements: settlement.movements,
    earnings: {
      addition: earningsAddition({ ...next, customer_paid: settlement.customerPaid }),
      day, month,
      driver: { uid: driver, name: booking.driver_name ?? '', ...(booking.vehicle_number ? { vehicleNumber: booking.vehicle_number } : {}) },
      ...(booking.fleetadmin ? { fleet: booking.fleetadmin } : {}),
    },
    messages: [
      tell(booking.customer, 'booking_paid', next, { fare: amount(settlement.customerPaid), mode: modeText }),
      tell(driver, 'share_credited', next, { share: amount(booking.driver_share), mode: modeText }),
    ],
  };
}
