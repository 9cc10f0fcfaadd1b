import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import type { SelectProps } from '@cloudscape-design/components/select';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserProfile } from '../../../../shared/src/contract';
import { displayName } from '../../auth/display-name';
import { contactText } from '../../components/contact-text';
import { UserPicker } from '../../components/user-picker/user-picker';
import { BookingForm } from '../../features/booking-form/booking-form';

/** The server masks contact details in demo mode; show its words in the UI language. */
const contact = (t: (k: string) => string, value: string) => contactText(t, value);

function riderOption(t: (k: string) => string, r: UserProfile): SelectProps.Option {
  return {
    value: r.id,
    label: displayName(r),
    description: contact(t, r.email),
    tags: r.mobile ? [contact(t, r.mobile)] : undefined,
    // The server refuses a booking for an unapproved rider (user_issue_contact_admin): say so here.
    disabled: !r.approved,
    disabledReason: t('not_approved'),
  };
}

/**
 * Spec §2 Add booking (admin): pick a rider, then the same trip form as the landing page (pickup,
 * drop, car type, Book Now or Later, parcel and estimate dialogs); the booking is the rider's.
 * The rider is found by a type-ahead over every rider.
 */
export default function AddBookingPage() {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<SelectProps.Option | null>(null);
  const riderId = selected?.value ?? null;
  const toOption = useCallback((r: UserProfile) => riderOption(t, r), [t]);

  return (
    <ContentLayout
      header={
        <Header variant="h1" description={t('bf_add_booking_description')}>
          {t('menu_add_booking')}
        </Header>
      }
    >
      <BookingForm
        channel="admin"
        riderId={riderId}
        renderRiderField={(problem) => (
          <FormField label={t('bf_rider')} errorText={problem} stretch>
            <UserPicker
              data-testid="rider-select"
              usertype="rider"
              selected={selected}
              onChange={(option) => setSelected(option)}
              toOption={toOption}
              placeholder={t('bf_choose_rider')}
              ariaLabel={t('bf_rider')}
              invalid={!!problem}
            />
          </FormField>
        )}
      />
    </ContentLayout>
  );
}
