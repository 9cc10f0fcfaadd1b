import DatePicker from '@cloudscape-design/components/date-picker';
import FormField from '@cloudscape-design/components/form-field';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import TimeInput from '@cloudscape-design/components/time-input';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { MIN_BOOK_LATER_MINUTES } from '../../../../shared/src/domain/time';
import { zonedPeriods } from '../../../../shared/src/domain/time-zone';

export interface WhenFieldProps {
  bookLater: boolean;
  onBookLaterChange: (later: boolean) => void;
  /** 'YYYY-MM-DD' and 'HH:mm', joined into the spec's 'YYYY-MM-DDTHH:mm' by the form. */
  date: string;
  time: string;
  onDateChange: (date: string) => void;
  onTimeChange: (time: string) => void;
  errorText?: string;
  /** The operator's zone: the date and time are its wall clock. */
  timeZone: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const localDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** Spec §2 Book Now / Book Later toggle (default Now) and, for Later, the trip's date and time. */
export function WhenField({ bookLater, onBookLaterChange, date, time, onDateChange, onTimeChange, errorText, timeZone }: WhenFieldProps) {
  const { t } = useTranslation();
  // The calendar's days are the operator's: its today may be the device's yesterday or tomorrow.
  const today = zonedPeriods(Date.now(), timeZone).day;
  // The visible label names the control; on a phone it turns into a select that must not repeat it.
  const labelId = useId();
  return (
    <SpaceBetween size="m">
      <FormField label={<span id={labelId}>{t('bf_when')}</span>} stretch>
        <SegmentedControl
          data-testid="book-when"
          ariaLabelledby={labelId}
          selectedId={bookLater ? 'later' : 'now'}
          onChange={({ detail }) => onBookLaterChange(detail.selectedId === 'later')}
          options={[
            { id: 'now', text: t('bf_book_now') },
            { id: 'later', text: t('bf_book_later') },
          ]}
        />
      </FormField>
      {bookLater ? (
        <FormField
          label={t('bf_trip_date_time')}
          description={`${t('bf_trip_date_time_hint', { minutes: MIN_BOOK_LATER_MINUTES })} ${t('clock_times_in', { zone: timeZone.replace(/_/g, ' ') })}`}
          errorText={errorText}
          stretch
        >
          <SpaceBetween direction="horizontal" size="s">
            <DatePicker
              data-testid="trip-date"
              value={date}
              onChange={({ detail }) => onDateChange(detail.value)}
              placeholder="YYYY-MM-DD"
              format="iso"
              inputFormat="iso"
              ariaLabel={t('bf_trip_date')}
              isDateEnabled={(d) => localDay(d) >= today}
              invalid={!!errorText}
            />
            <TimeInput
              data-testid="trip-time"
              value={time}
              onChange={({ detail }) => onTimeChange(detail.value)}
              format="hh:mm"
              placeholder="hh:mm"
              use24Hour
              ariaLabel={t('bf_trip_time')}
              invalid={!!errorText}
            />
          </SpaceBetween>
        </FormField>
      ) : null}
    </SpaceBetween>
  );
}
