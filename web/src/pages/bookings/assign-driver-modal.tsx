import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AssignableDriver, BookingView } from '../../../../shared/src/contract';
import { useApi } from '../../api/api-context';
import { isApiError } from '../../api/client';
import { EmptyState } from '../../components/empty-state';
import { errorText } from '../../components/error-text';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { ModalFooter } from '../../components/modal-footer';
import { ProblemAlert, type ActionProblem } from '../../components/problem-alert';
import { useApiQuery } from '../../components/use-api-query';
import type { BookingFormat } from '../../features/booking/booking-format';

export interface AssignDriverModalProps {
  booking: BookingView;
  format: BookingFormat;
  onDismiss: () => void;
  onAssigned: (booking: BookingView) => void;
}

/**
 * Spec §4 Assign driver (admin, auto-dispatch off, NEW): the drivers the server lists for the
 * booking (§5: free, approved, online, with a location, of the booking's car type), nearest to
 * the pickup first; the chosen one gets the booking as an offer and is told.
 */
export function AssignDriverModal({ booking, format, onDismiss, onAssigned }: AssignDriverModalProps) {
  const { t } = useTranslation();
  const api = useApi();
  const load = useCallback(
    (signal: AbortSignal) => api.fetchAssignableDrivers({ params: { id: booking.id } }, { signal }),
    [api, booking.id],
  );
  const drivers = useApiQuery(load);
  const [selectedId, setSelectedId] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<ActionProblem | null>(null);

  const items = drivers.data?.items ?? [];
  const selected = items.find((d) => d.id === selectedId);

  const assign = async () => {
    if (!selected) {
      setProblem({ key: 'select_driver' });
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      onAssigned(await api.assignDriver({ params: { id: booking.id }, body: { driverId: selected.id } }));
    } catch (e) {
      setProblem({ key: isApiError(e) ? e.code : 'request_failed', fallback: errorText(t, e) });
      // The driver may have gone offline or taken a trip meanwhile: show who is left.
      if (isApiError(e) && e.code === 'driver_unavailable') drivers.reload();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      visible
      size="large"
      onDismiss={onDismiss}
      header={t('assign_driver_title', { id: booking.booking_id })}
      closeAriaLabel={t('close')}
      footer={
        <ModalFooter onCancel={onDismiss} onConfirm={() => void assign()} busy={busy} confirmLabel={t('assign_driver_confirm')} confirmTestId="assign-driver-confirm" />
      }
    >
      <SpaceBetween size="m">
        <Box variant="p">{t('assign_driver_text')}</Box>
        <LoadErrorAlert error={drivers.error} onRetry={drivers.reload} />
        <Table<AssignableDriver>
          variant="embedded"
          selectionType="single"
          trackBy="id"
          items={items}
          selectedItems={selected ? [selected] : []}
          onSelectionChange={({ detail }) => setSelectedId(detail.selectedItems[0]?.id)}
          loading={drivers.loading}
          loadingText={t('loading')}
          header={
            <Header
              variant="h3"
              counter={drivers.data ? `(${items.length})` : undefined}
              actions={<Button iconName="refresh" ariaLabel={t('reload')} onClick={drivers.reload} disabled={drivers.loading} />}
            >
              {t('menu_drivers')}
            </Header>
          }
          ariaLabels={{
            selectionGroupLabel: t('select_driver'),
            itemSelectionLabel: (_, d) => d.name,
            allItemsSelectionLabel: () => t('select_driver'),
          }}
          columnDefinitions={[
            { id: 'name', header: t('col_name'), cell: (d) => d.name, isRowHeader: true },
            { id: 'carType', header: t('car_type'), cell: (d) => d.carType },
            { id: 'vehicleNumber', header: t('vehicle_number'), cell: (d) => d.vehicleNumber ?? '' },
            { id: 'distance', header: t('col_distance_to_pickup'), cell: (d) => format.distance(d.distance, d.distanceUnit) },
          ]}
          empty={<EmptyState title={t('no_assignable_drivers')} />}
          data-testid="assignable-drivers"
        />
        <ProblemAlert problem={problem} testId="assign-driver-error" />
      </SpaceBetween>
    </Modal>
  );
}
