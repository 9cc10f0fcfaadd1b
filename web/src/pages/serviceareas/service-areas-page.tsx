import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ButtonDropdown from '@cloudscape-design/components/button-dropdown';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import RadioGroup from '@cloudscape-design/components/radio-group';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { TableProps } from '@cloudscape-design/components/table';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ServiceArea } from '../../../../shared/src/contract/service-areas';
import { FEE_APPLIES_TO, MAX_VERTICES, type FeeAppliesTo } from '../../../../shared/src/domain/service-areas';
import { useApi } from '../../api/api-context';
import { isApiError } from '../../api/client';
import { useNotifications } from '../../app/notifications-context';
import { useSettings } from '../../app/settings-context';
import { ResponsiveCollection } from '../../components/collection/responsive-collection';
import { ConfirmDeleteModal } from '../../components/confirm-delete-modal';
import { DemoModeNotice } from '../../components/demo-mode-notice';
import { EmptyState } from '../../components/empty-state';
import { errorText } from '../../components/error-text';
import { formatMoney } from '../../components/format-money';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { MapPlaceholder } from '../../components/map/lazy-trip-map';
import type { MapPoint } from '../../components/map/trip-map-types';
import { ProblemAlert, type ActionProblem } from '../../components/problem-alert';
import { TableHeader } from '../../components/table-header';
import { useApiQuery } from '../../components/use-api-query';
import { useDeleteConfirmation } from '../../components/use-delete-confirmation';
import { SMALL_SCREEN, useMediaQuery } from '../../components/use-media-query';
import { AREA_COLOURS } from './area-map-types';

/** MapLibre loads with the map, never with the page. */
const AreaMap = lazy(() => import('./area-map'));

type Kind = 'service' | 'fee';
interface Draft { points: MapPoint[]; closed: boolean; name: string; kind: Kind; fee: string; feeLabel: string; appliesTo: FeeAppliesTo }
const EMPTY: Draft = { points: [], closed: false, name: '', kind: 'service', fee: '', feeLabel: '', appliesTo: 'pickup' };

/** The colour an area has on the map, beside its kind's name (the map's legend). */
const swatch = (colour: string) => (
  <span aria-hidden="true" style={{ display: 'inline-block', width: 12, height: 12, marginInlineEnd: 6, verticalAlign: 'middle', background: colour, opacity: 0.7, borderRadius: 2 }} />
);

const draftOf = (a: ServiceArea): Draft => ({
  points: a.polygon.map((p) => ({ lat: p.lat, lng: p.lng })), closed: true, name: a.name, kind: a.kind,
  fee: a.fee !== undefined ? String(a.fee) : '', feeLabel: a.feeLabel ?? '', appliesTo: a.feeAppliesTo ?? 'pickup',
});

/**
 * Admins draw where the platform operates and the zones that add a fixed fee: click the map to
 * add corners, undo the last, close the shape, name it, choose its kind (and a fee zone's fee,
 * label and when it applies), save. The list (a table, cards on a phone) edits and deletes. The
 * server checks every drawing (corners, crossing edges, size) and answers with the key shown here.
 */
export default function ServiceAreasPage() {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const { settings } = useSettings();
  const { notify } = useNotifications();
  const phone = useMediaQuery(SMALL_SCREEN);
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const money = useCallback((n: number) => formatMoney(n, settings.symbol, locale), [settings.symbol, locale]);

  const load = useCallback((signal: AbortSignal) => api.fetchServiceAreas({}, { signal }), [api]);
  const query = useApiQuery(load);
  const areas = useMemo(() => query.data?.items ?? [], [query.data]);

  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [editing, setEditing] = useState<ServiceArea | undefined>();
  const [selected, setSelected] = useState<ServiceArea | undefined>();
  const [problem, setProblem] = useState<(ActionProblem & { field?: string }) | null>(null);
  const [busy, setBusy] = useState(false);
  const change = (next: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...next }));
    setProblem(null);
  };

  const pick = useCallback((p: MapPoint) => {
    setDraft((d) => (d.closed || d.points.length >= MAX_VERTICES ? d : { ...d, points: [...d.points, p] }));
    setProblem(null);
  }, []);

  const startOver = () => {
    setDraft(EMPTY);
    setEditing(undefined);
    setProblem(null);
  };

  const save = async () => {
    if (!draft.closed) return setProblem({ key: 'areas_need_close', field: 'polygon' });
    if (!draft.name.trim()) return setProblem({ key: 'areas_need_name', field: 'name' });
    const area = {
      name: draft.name, kind: draft.kind, polygon: draft.points,
      ...(draft.kind === 'fee' ? { fee: draft.fee.trim(), feeLabel: draft.feeLabel, feeAppliesTo: draft.appliesTo } : {}),
    };
    setBusy(true);
    try {
      const saved = editing
        ? await api.updateServiceArea({ params: { id: editing.id }, body: { version: editing.version, area } })
        : await api.addServiceArea({ body: area });
      notify({ id: 'service-areas', type: 'success', messageKey: 'areas_saved' });
      startOver();
      setSelected(saved);
      query.reload();
    } catch (e) {
      const key = isApiError(e) ? e.code : 'request_failed';
      const field = isApiError(e) ? e.details?.[0]?.path : undefined;
      setProblem({ key, fallback: errorText(t, e), ...(field ? { field } : {}) });
      if (key === 'service_area_moved_on') query.reload();
    } finally {
      setBusy(false);
    }
  };

  const deletion = useDeleteConfirmation(selected, async (area) => {
    await api.deleteServiceArea({ params: { id: area.id } });
    if (editing?.id === area.id) startOver();
    setSelected(undefined);
    notify({ id: 'service-areas', type: 'success', messageKey: 'areas_deleted' });
    query.reload();
  });

  const kindText = (k: Kind) => t(k === 'fee' ? 'areas_kind_fee' : 'areas_kind_service');
  const columns = useMemo<TableProps.ColumnDefinition<ServiceArea>[]>(() => [
    { id: 'name', header: t('areas_col_name'), cell: (a) => a.name, isRowHeader: true, sortingField: 'name' },
    {
      id: 'kind', header: t('areas_col_kind'),
      cell: (a) => <span>{swatch(AREA_COLOURS[a.kind])}{kindText(a.kind)}</span>,
    },
    { id: 'fee', header: t('areas_col_fee'), cell: (a) => (a.fee !== undefined ? `${money(a.fee)}${a.feeLabel ? ` (${a.feeLabel})` : ''}` : '—') },
    { id: 'applies', header: t('areas_col_applies'), cell: (a) => (a.feeAppliesTo ? t(`areas_applies_${a.feeAppliesTo}`) : '—'), minWidth: 160 },
    { id: 'corners', header: t('areas_col_corners'), cell: (a) => a.polygon.length },
    { id: 'updated', header: t('areas_col_updated'), cell: (a) => new Date(a.updatedAt).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' }) },
    // eslint-disable-next-line react-hooks/exhaustive-deps
  ], [t, money, locale]);

  const polygonProblem = problem && (problem.field === 'polygon' || problem.key.startsWith('service_area_polygon')) ? t(problem.key, { defaultValue: problem.fallback }) : undefined;
  const fieldProblem = (field: string) => (problem?.field === field ? t(problem.key, { defaultValue: problem.fallback }) : undefined);
  const generalProblem = problem && !polygonProblem && !['name', 'fee'].includes(problem.field ?? '') ? problem : null;

  const legend = (colour: string, label: string) => (
    <Box variant="small" display="inline-block">
      {swatch(colour)}
      {label}
    </Box>
  );

  return (
    <SpaceBetween size="l">
      <Header variant="h1" description={t('areas_description')}>{t('areas_title')}</Header>
      <DemoModeNotice />
      <LoadErrorAlert error={query.error} onRetry={query.reload} />
      <Container
        header={
          <Header variant="h2" description={t('areas_draw_hint')}>
            {editing ? t('areas_edit_title', { name: editing.name }) : t('areas_draw_title')}
          </Header>
        }
      >
        <SpaceBetween size="m">
          <SpaceBetween direction="horizontal" size="m">
            {legend(AREA_COLOURS.service, t('areas_legend_service'))}
            {legend(AREA_COLOURS.fee, t('areas_legend_fee'))}
            {legend(AREA_COLOURS.draft, t('areas_legend_draft'))}
          </SpaceBetween>
          <Suspense fallback={<MapPlaceholder height={phone ? 320 : 440} ariaLabel={t('areas_map')} />}>
            <AreaMap areas={areas} draft={draft.points} closed={draft.closed} editingId={editing?.id} onPick={pick} height={phone ? 320 : 440} ariaLabel={t('areas_map')} />
          </Suspense>
          <SpaceBetween direction="horizontal" size="xs" alignItems="center">
            <Button iconName="undo" disabled={!draft.points.length || draft.closed} onClick={() => change({ points: draft.points.slice(0, -1) })} data-testid="areas-undo">
              {t('areas_undo')}
            </Button>
            {draft.closed ? (
              <Button onClick={() => change({ closed: false })} data-testid="areas-reopen">{t('areas_reopen')}</Button>
            ) : (
              <Button disabled={draft.points.length < 3} onClick={() => change({ closed: true })} data-testid="areas-close">{t('areas_close')}</Button>
            )}
            <Button disabled={!draft.points.length} onClick={() => change({ points: [], closed: false })} data-testid="areas-clear">{t('areas_clear')}</Button>
            <Box variant="small" data-testid="areas-corner-count">
              {draft.closed ? <StatusIndicator type="success">{t('areas_closed')}</StatusIndicator> : t('areas_points', { count: draft.points.length })}
            </Box>
          </SpaceBetween>
          {polygonProblem ? <ProblemAlert problem={{ key: problem!.key, fallback: problem!.fallback }} testId="areas-polygon-error" /> : null}
          <ColumnLayout columns={phone ? 1 : 2}>
            <FormField label={t('areas_name')} errorText={fieldProblem('name')} stretch>
              <Input value={draft.name} onChange={({ detail }) => change({ name: detail.value })} data-testid="areas-name" />
            </FormField>
            <FormField label={t('areas_kind')} description={t(draft.kind === 'fee' ? 'areas_kind_fee_hint' : 'areas_kind_service_hint')}>
              <RadioGroup
                value={draft.kind}
                onChange={({ detail }) => change({ kind: detail.value as Kind })}
                items={[{ value: 'service', label: t('areas_kind_service') }, { value: 'fee', label: t('areas_kind_fee') }]}
                data-testid="areas-kind"
              />
            </FormField>
            {draft.kind === 'fee' ? [
                <FormField key="fee" label={`${t('areas_fee')} (${settings.symbol})`} errorText={fieldProblem('fee')} stretch>
                  <Input value={draft.fee} inputMode="decimal" onChange={({ detail }) => change({ fee: detail.value })} data-testid="areas-fee" />
                </FormField>,
                <FormField key="label" label={t('areas_fee_label')} description={t('areas_fee_label_hint')} stretch>
                  <Input value={draft.feeLabel} onChange={({ detail }) => change({ feeLabel: detail.value })} data-testid="areas-fee-label" />
                </FormField>,
                <FormField key="applies" label={t('areas_applies')} stretch>
                  <Select
                    selectedOption={{ value: draft.appliesTo, label: t(`areas_applies_${draft.appliesTo}`) }}
                    onChange={({ detail }) => change({ appliesTo: detail.selectedOption.value as FeeAppliesTo })}
                    options={FEE_APPLIES_TO.map((v) => ({ value: v, label: t(`areas_applies_${v}`) }))}
                    data-testid="areas-applies"
                  />
                </FormField>,
            ] : null}
          </ColumnLayout>
          <ProblemAlert problem={generalProblem} testId="areas-save-error" />
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="primary" loading={busy} onClick={() => void save()} data-testid="areas-save">{t('areas_save')}</Button>
            {editing ? <Button onClick={startOver} data-testid="areas-cancel-edit">{t('areas_cancel_edit')}</Button> : null}
          </SpaceBetween>
        </SpaceBetween>
      </Container>
      <ResponsiveCollection
        items={areas}
        columnDefinitions={columns}
        loading={query.loading && !query.data}
        loadingText={t('loading')}
        trackBy="id"
        selectionType="single"
        selectedItems={selected ? [selected] : []}
        onSelectionChange={({ detail }) => setSelected(detail.selectedItems[0])}
        empty={<EmptyState title={t('areas_empty')} />}
        variant="container"
        data-testid="areas-list"
        ariaLabels={{
          selectionGroupLabel: t('areas_select'),
          itemSelectionLabel: (_, a) => a.name,
          allItemsSelectionLabel: () => t('areas_select'),
        }}
        header={
          <TableHeader
            variant="h2"
            title={t('areas_list_title')}
            count={query.data ? areas.length : undefined}
            actions={
              <ButtonDropdown
                disabled={!selected}
                items={[{ id: 'edit', text: t('edit') }, { id: 'delete', text: t('delete') }]}
                onItemClick={({ detail }) => {
                  if (!selected) return;
                  if (detail.id === 'edit') {
                    setEditing(selected);
                    setDraft(draftOf(selected));
                    setProblem(null);
                    window.scrollTo({ top: 0 });
                  } else deletion.open();
                }}
                data-testid="areas-actions"
              >
                {t('actions')}
              </ButtonDropdown>
            }
          />
        }
      />
      <ConfirmDeleteModal
        visible={deletion.visible}
        busy={deletion.busy}
        onDismiss={deletion.close}
        onConfirm={() => void deletion.confirm()}
        header={t('areas_delete_title')}
        text={t('areas_delete_text', { name: selected?.name ?? '' })}
        confirmTestId="areas-delete-confirm"
      >
        <ProblemAlert problem={deletion.problem} testId="areas-delete-error" />
      </ConfirmDeleteModal>
    </SpaceBetween>
  );
}
