import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserProfile } from '../../../../shared/src/contract';
import { HIDDEN_FOR_DEMO } from '../../../../shared/src/domain/demo-mode';
import { useApi } from '../../api/api-context';
import { displayName } from '../../auth/display-name';
import { errorText } from '../../components/error-text';
import { useApiQuery } from '../../components/use-api-query';
import { BookingForm } from '../landing/booking-form';
import { fetchAllUsers } from '../users/users-page';

/** The server masks contact details in demo mode; show its words in the UI language. */
const contact = (t: (k: string) => string, value: string) => (value === HIDDEN_FOR_DEMO ? t('hidden_for_demo') : value);

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
 */
export default function AddBookingPage() {
  const { t } = useTranslation();
  const api = useApi();
  const loadRiders = useCallback((signal: AbortSignal) => fetchAllUsers(api, 'rider', signal), [api]);
  const riders = useApiQuery(loadRiders);
  const [riderId, setRiderId] = useState<string | null>(null);

  const options = useMemo(() => (riders.data ?? []).map((r) => riderOption(t, r)), [riders.data, t]);
  const selected = options.find((o) => o.value === riderId) ?? null;

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
            <Select
              data-testid="rider-select"
              selectedOption={selected}
              onChange={({ detail }) => setRiderId(detail.selectedOption.value ?? null)}
              options={options}
              filteringType="auto"
              filteringPlaceholder={t('find_riders')}
              filteringAriaLabel={t('find_riders')}
              placeholder={t('bf_choose_rider')}
              ariaLabel={t('bf_rider')}
              statusType={riders.error ? 'error' : riders.loading ? 'loading' : 'finished'}
              loadingText={t('loading')}
              errorText={riders.error ? errorText(t, riders.error) : undefined}
              recoveryText={t('retry')}
              onLoadItems={({ detail }) => {
                if (detail.samePage && riders.error) riders.reload();
              }}
              empty={t('no_users_available')}
              invalid={!!problem}
              virtualScroll
              expandToViewport
            />
          </FormField>
        )}
      />
    </ContentLayout>
  );
}
