import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router-dom';
import { useAuth } from '../auth/auth-context';
import { useFollow } from '../components/use-follow';
import { tripHref } from '../features/trip/trip-href';
import { useActiveTrips } from '../features/trip/use-active-trips';
import { useSettings } from './settings-context';

/**
 * While a rider or a driver has a trip on, every signed-in page says so and links to it (the
 * trips list when there are several). It follows the bookings topic, so it comes with the
 * booking and goes when the trip ends. Not shown on the page of that very trip.
 */
export function ActiveTripBanner() {
  const { t } = useTranslation();
  const { role } = useAuth();
  const { settings } = useSettings();
  const follow = useFollow();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const mine = role === 'rider' || role === 'driver';
  const { trips } = useActiveTrips(mine);
  if (!mine || !trips?.length) return null;
  const delivery = settings.appMode === 'delivery';
  const one = trips.length === 1 ? trips[0]! : undefined;
  if (pathname === '/trip' && (one ? params.get('id') === one.id : !params.get('id'))) return null;
  const text = one
    ? t(delivery ? 'rider_active_delivery' : 'rider_active_trip', { from: one.pickupAddress, to: one.dropAddress, status: t(`status_${one.status}`) })
    : t(delivery ? 'rider_active_deliveries' : 'rider_active_trips', { count: trips.length });
  return (
    <Alert
      type="info"
      data-testid="active-trip-banner"
      action={
        <Button href={one ? tripHref(one.id) : '/trip'} onFollow={follow} data-testid="active-trip-open">
          {t(one ? 'trip_open' : 'rider_open_trips')}
        </Button>
      }
    >
      {text}
    </Alert>
  );
}
