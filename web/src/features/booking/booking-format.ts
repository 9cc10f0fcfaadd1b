import type { StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import type { TFunction } from 'i18next';
import type { BookingView, DriverPresence, Role } from '../../../../shared/src/contract';
import type { BookingStatus } from '../../../../shared/src/domain/booking-status';
import { operatorZone } from '../../../../shared/src/domain/time-zone';
import { formatMoney } from '../../components/format-money';

/** How each status reads at a glance: waiting, moving, settled, stopped. */
export const STATUS_INDICATOR: Record<BookingStatus, StatusIndicatorProps.Type> = {
  PAYMENT_PENDING: 'pending',
  NEW: 'pending',
  ACCEPTED: 'in-progress',
  ARRIVED: 'in-progress',
  STARTED: 'in-progress',
  REACHED: 'in-progress',
  PENDING: 'warning',
  PAID: 'success',
  COMPLETE: 'success',
  CANCELLED: 'stopped',
};

/**
 * Formatters in the UI language, the settings' currency and the operator's time zone (the day the
 * server counts a trip under, whatever the device's clock), made once per render of a page.
 */
export interface BookingFormat {
  t: TFunction;
  locale: string;
  money: (amount: number | undefined) => string;
  dateTime: (ms: number | undefined) => string;
  time: (ms: number | undefined) => string;
  /** Seconds as "1 h 5 min" / "12 min". */
  duration: (seconds: number | undefined) => string;
  distance: (value: number | undefined, unit: BookingView['distanceUnit']) => string;
  status: (status: BookingStatus) => string;
  /** A payment method's name ("Cash", "Efectivo"), as the receipt names it; an unknown one as stored. */
  paymentMode: (mode: string | undefined) => string;
}

export function bookingFormat(t: TFunction, locale: string, symbol: string, timeZone?: string): BookingFormat {
  const zone = operatorZone({ timeZone });
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: zone });
  const time = new Intl.DateTimeFormat(locale, { timeStyle: 'medium', timeZone: zone });
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  return {
    t,
    locale,
    money: (amount) => (amount === undefined ? '' : formatMoney(amount, symbol, locale)),
    dateTime: (ms) => (ms === undefined ? '' : dateTime.format(new Date(ms))),
    time: (ms) => (ms === undefined ? '' : time.format(new Date(ms))),
    duration: (seconds) => {
      if (seconds === undefined) return '';
      const minutes = Math.round(seconds / 60);
      const hours = Math.floor(minutes / 60);
      return hours > 0
        ? t('duration_hours_minutes', { hours, minutes: minutes % 60 })
        : t('duration_minutes', { minutes });
    },
    distance: (value, unit) =>
      value === undefined ? '' : t('distance_with_unit', { distance: number.format(value), unit: t(unit === 'mile' ? 'unit_miles' : 'unit_km') }),
    status: (status) => t(`status_${status}`),
    paymentMode: (mode) => (mode ? t(`receipt_payment_${mode}`, { defaultValue: mode }) : ''),
  };
}

/** Spec §6 booking lists by audience: the WebSocket topic whose events concern the caller's list. */
export function audienceTopic(role: Role | null, uid: string | undefined): string | undefined {
  if (!role || !uid) return undefined;
  switch (role) {
    case 'admin':
      return 'bookings/all';
    case 'fleetadmin':
      return `bookings/fleet/${uid}`;
    case 'driver':
      return `bookings/driver/${uid}`;
    case 'rider':
      return `bookings/customer/${uid}`;
  }
}

/** The driver's state in one word for the status container. */
export function presenceState(p: DriverPresence): 'offline' | 'on_trip' | 'ready' | 'waiting_location' {
  if (!p.online) return 'offline';
  if (p.queue) return 'on_trip';
  return p.dispatchable ? 'ready' : 'waiting_location';
}
