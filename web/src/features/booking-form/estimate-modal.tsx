import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Estimate, InstructionData } from '../../../../shared/src/contract';
import { validateDeliveryDetails } from '../../../../shared/src/domain/delivery-rules';
import { useSettings } from '../../app/settings-context';
import { formatMoney } from '../../components/format-money';
import { ModalFooter } from '../../components/modal-footer';
import { ProblemAlert, type ActionProblem } from '../../components/problem-alert';
import { ZoneFeeFigures } from '../service-areas/zone-fee-lines';
import { operatorZone } from '../../../../shared/src/domain/time-zone';
import { formatDistance, formatDuration, formatTripDate } from './format-trip';
import type { TripPoint } from './trip-point';
import { StopList } from '../stops/trip-stops';

export interface EstimateModalProps {
  /** Open while set. */
  estimate: Estimate | null;
  pickup: TripPoint | null;
  drop: TripPoint | null;
  /** Stops between them, in order: the estimate prices the whole route. */
  stops?: TripPoint[];
  bookLater: boolean;
  /** ms; Book Later only. */
  tripdate: number | null;
  /** Delivery mode: the delivery person's details are asked here (spec §2 Add booking). */
  delivery: boolean;
  busy: boolean;
  /** Why the last confirmation failed (the server's translated code). */
  problem: ActionProblem | null;
  onCancel: () => void;
  onConfirm: (instructionData: InstructionData | undefined) => void;
}

/**
 * Spec §2/§4 estimate and confirmation: the fare breakdown (§9: fare, convenience fee, grand
 * total = estimateFare), distance and time of the route, and in delivery mode who receives the
 * parcel. Confirming books (Book Now) or schedules (Book Later).
 */
export function EstimateModal({ estimate, pickup, drop, stops, bookLater, tripdate, delivery, busy, problem, onCancel, onConfirm }: EstimateModalProps) {
  const { t, i18n } = useTranslation();
  const { settings } = useSettings();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const money = (n: number) => formatMoney(n, settings.symbol, locale);

  const [person, setPerson] = useState('');
  const [phone, setPhone] = useState('');
  const [pickupNote, setPickupNote] = useState('');
  const [deliveryNote, setDeliveryNote] = useState('');
  const [detailProblem, setDetailProblem] = useState<{ field?: string } | null>(null);

  const confirm = () => {
    if (!delivery) {
      onConfirm(undefined);
      return;
    }
    const check = validateDeliveryDetails({ deliveryPerson: person, deliveryPersonPhone: phone });
    if (!check.ok) {
      setDetailProblem({ field: check.field });
      return;
    }
    setDetailProblem(null);
    onConfirm({
      deliveryPerson: person.trim(),
      deliveryPersonPhone: phone.trim(),
      ...(pickupNote.trim() ? { pickUpInstructions: pickupNote.trim() } : {}),
      ...(deliveryNote.trim() ? { deliveryInstructions: deliveryNote.trim() } : {}),
    });
  };

  // The refusal sits by the buttons, below the fields: bring it into view when it comes.
  const problemRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (problem) problemRef.current?.scrollIntoView({ block: 'nearest' });
  }, [problem]);

  const missing = (field: string) => (detailProblem?.field === field ? t('deliveryDetailMissing') : undefined);

  return (
    <Modal
      visible={estimate !== null}
      onDismiss={busy ? () => undefined : onCancel}
      header={t('bf_estimate_title')}
      closeAriaLabel={t('close')}
      size="medium"
      data-testid="estimate-modal"
      footer={
        <ModalFooter
          onCancel={onCancel}
          onConfirm={confirm}
          busy={busy}
          confirmLabel={t(bookLater ? 'bf_confirm_later' : 'bf_book_now')}
          confirmTestId="confirm-booking"
        />
      }
    >
      {estimate ? (
        <SpaceBetween size="l">
          <KeyValuePairs
            columns={2}
            items={[
              { label: t('bf_pickup'), value: pickup?.add ?? '' },
              ...(stops?.length ? [{ label: t('stops_label'), value: <StopList stops={stops} /> }] : []),
              { label: t('bf_drop'), value: drop?.add ?? '' },
              { label: t('car_type'), value: estimate.carType },
              { label: t('bf_when'), value: bookLater && tripdate ? formatTripDate(tripdate, locale, operatorZone(settings)) : t('bf_book_now') },
              {
                label: t('bf_distance'),
                value: <span data-testid="estimate-distance">{formatDistance(t, estimate.estimateDistance, estimate.distanceUnit, locale)}</span>,
              },
              { label: t('bf_duration'), value: formatDuration(t, estimate.estimateTime) },
              ...(estimate.parcelTypeSelected
                ? [{ label: t('bf_parcel_type'), value: `${estimate.parcelTypeSelected.description} (+ ${money(estimate.parcelTypeSelected.amount)})` }]
                : []),
              ...(estimate.optionSelected
                ? [{ label: t('bf_parcel_option'), value: `${estimate.optionSelected.description} (+ ${money(estimate.optionSelected.amount)})` }]
                : []),
            ]}
          />
          <Container header={<Header variant="h3">{t('bf_fare')}</Header>}>
            <ColumnLayout columns={3} variant="text-grid" minColumnWidth={120}>
              <div>
                <Box variant="awsui-key-label">{t('bf_total_fare')}</Box>
                <div data-testid="estimate-total-fare">{money(estimate.totalFare)}</div>
              </div>
              <div>
                <Box variant="awsui-key-label">{t('col_convenience_fee')}</Box>
                <div data-testid="estimate-fee">{money(estimate.convenience_fees)}</div>
              </div>
              <ZoneFeeFigures fees={estimate.zone_fees} money={money} t={t} />
              <div>
                <Box variant="awsui-key-label">{t('bf_grand_total')}</Box>
                <Box fontSize="heading-l" fontWeight="bold" data-testid="estimate-grand-total">
                  {money(estimate.estimateFare)}
                </Box>
              </div>
            </ColumnLayout>
          </Container>
          {delivery ? (
            <SpaceBetween size="m">
              <Header variant="h3" description={t('bf_delivery_details_hint')}>
                {t('bf_delivery_details')}
              </Header>
              <ColumnLayout columns={2} minColumnWidth={200}>
                <FormField label={t('bf_delivery_person')} errorText={missing('deliveryPerson')} stretch>
                  <Input
                    value={person}
                    onChange={({ detail }) => {
                      setPerson(detail.value);
                      setDetailProblem(null);
                    }}
                    invalid={!!missing('deliveryPerson')}
                    autoComplete={false}
                  />
                </FormField>
                <FormField label={t('bf_delivery_phone')} errorText={missing('deliveryPersonPhone')} stretch>
                  <Input
                    value={phone}
                    onChange={({ detail }) => {
                      setPhone(detail.value);
                      setDetailProblem(null);
                    }}
                    inputMode="tel"
                    invalid={!!missing('deliveryPersonPhone')}
                    autoComplete={false}
                  />
                </FormField>
              </ColumnLayout>
              <FormField label={t('bf_pickup_instructions')} stretch>
                <Textarea value={pickupNote} onChange={({ detail }) => setPickupNote(detail.value)} rows={2} />
              </FormField>
              <FormField label={t('bf_delivery_instructions')} stretch>
                <Textarea value={deliveryNote} onChange={({ detail }) => setDeliveryNote(detail.value)} rows={2} />
              </FormField>
            </SpaceBetween>
          ) : null}
          {problem ? (
            <div ref={problemRef}>
              <ProblemAlert problem={problem} testId="booking-error" />
            </div>
          ) : null}
        </SpaceBetween>
      ) : null}
    </Modal>
  );
}
