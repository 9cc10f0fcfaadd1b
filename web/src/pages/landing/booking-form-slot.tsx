import Alert from '@cloudscape-design/components/alert';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import { useTranslation } from 'react-i18next';

/**
 * PLACEHOLDER: where the booking form goes (spec §2 landing: pickup and drop search, car type,
 * Book Now / Book Later, estimate and confirmation). The bookings issue replaces this component;
 * the landing page already decides who sees it (logged-out visitors, riders and admins).
 */
export function BookingFormSlot() {
  const { t } = useTranslation();
  return (
    <div data-testid="booking-form-slot">
      <Container header={<Header variant="h2">{t('booking_form_title')}</Header>}>
        <Alert type="info" header={t('booking_form_placeholder_title')}>
          {t('booking_form_placeholder')}
        </Alert>
      </Container>
    </div>
  );
}
