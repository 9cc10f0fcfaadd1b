import DateRangePicker, { type DateRangePickerProps } from '@cloudscape-design/components/date-range-picker';
import Multiselect from '@cloudscape-design/components/multiselect';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BOOKING_STATUSES, type BookingStatus } from '../../../../shared/src/domain/booking-status';
import type { ServerFilters } from './booking-query';
import './booking-filters.css';

export interface BookingFiltersProps {
  /** The table's text filter. */
  textFilter: ReactNode;
  value: ServerFilters;
  onChange: (value: ServerFilters) => void;
}

/** The text filter, a status multiselect and a trip-date range, side by side on wide screens. */
export function BookingFilters({ textFilter, value, onChange }: BookingFiltersProps) {
  const { t, i18n } = useTranslation();
  const options = BOOKING_STATUSES.map((s) => ({ value: s, label: t(`status_${s}`) }));
  const isValidRange: DateRangePickerProps.ValidationFunction = (range) => {
    if (range?.type !== 'absolute') return { valid: true };
    if (!range.startDate || !range.endDate) return { valid: false, errorMessage: t('date_range_incomplete') };
    if (range.endDate < range.startDate) return { valid: false, errorMessage: t('date_range_order') };
    return { valid: true };
  };
  return (
    <div className="booking-filters">
      <div className="booking-filters__text">{textFilter}</div>
      <div className="booking-filters__status">
        <Multiselect
          selectedOptions={options.filter((o) => value.statuses.includes(o.value))}
          onChange={({ detail }) => onChange({ ...value, statuses: detail.selectedOptions.map((o) => o.value as BookingStatus) })}
          options={options}
          placeholder={t('filter_status_placeholder')}
          ariaLabel={t('filter_status')}
          inlineTokens
          data-testid="booking-status-filter"
        />
      </div>
      <div className="booking-filters__dates">
        <DateRangePicker
          value={value.range}
          onChange={({ detail }) => onChange({ ...value, range: detail.value?.type === 'absolute' ? detail.value : null })}
          rangeSelectorMode="absolute-only"
          dateOnly
          relativeOptions={[]}
          isValidRange={isValidRange}
          placeholder={t('filter_trip_date_placeholder')}
          ariaLabel={t('filter_trip_date')}
          locale={i18n.resolvedLanguage ?? i18n.language}
          absoluteFormat="long-localized"
          expandToViewport
          data-testid="booking-date-filter"
        />
      </div>
    </div>
  );
}
