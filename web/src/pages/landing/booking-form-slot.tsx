import { BookingForm } from '../../features/booking-form/booking-form';

/**
 * The landing page's booking form (spec §2): shown to logged-out visitors, riders and admins
 * (the landing page decides); only riders can book. The test id is what e2e tests wait for.
 */
export function BookingFormSlot() {
  return (
    <div data-testid="booking-form-slot">
      <BookingForm channel="rider" />
    </div>
  );
}
