import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useTranslation } from 'react-i18next';
import { MAX_STOPS } from '../../../../shared/src/domain/stops';
import type { MapPoint } from '../../components/map/trip-map-types';
import { PlaceField } from '../booking-form/place-field';
import type { StopsDraft } from './use-stops-draft';

/**
 * The booking form's stops between pickup and drop: a place search per stop (or a point picked on
 * the map while the stop is the map's target), removable, at most MAX_STOPS, in driving order.
 */
export function StopsField({ draft, near, signedIn, errorText }: { draft: StopsDraft; near?: MapPoint; signedIn: boolean; errorText?: string }) {
  const { t } = useTranslation();
  return (
    <SpaceBetween size="s">
      {draft.stops.map((stop, i) => (
        <PlaceField
          key={stop.key}
          label={t('stop_n', { n: i + 1 })}
          placeholder={t('stop_placeholder')}
          text={stop.text}
          onTextChange={(text) => draft.typed(stop.key, text)}
          onPlace={(place) => void draft.placeChosen(stop.key, place)}
          near={near}
          signedIn={signedIn}
          errorText={errorText && !stop.point ? errorText : undefined}
          testId={`stop-search-${i + 1}`}
          secondaryControl={
            <Button iconName="remove" variant="icon" ariaLabel={t('stop_remove', { n: i + 1 })} onClick={() => draft.remove(stop.key)} data-testid={`stop-remove-${i + 1}`} />
          }
        />
      ))}
      {draft.canAdd ? (
        <SpaceBetween size="xxs">
          <Button iconName="add-plus" onClick={draft.add} data-testid="stop-add">{t('stop_add')}</Button>
          {draft.stops.length === 0 ? null : <Box fontSize="body-s" color="text-body-secondary">{t('stops_limit_hint', { max: MAX_STOPS })}</Box>}
        </SpaceBetween>
      ) : (
        <Box fontSize="body-s" color="text-body-secondary">{t('stops_limit_hint', { max: MAX_STOPS })}</Box>
      )}
    </SpaceBetween>
  );
}
