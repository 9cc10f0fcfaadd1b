import { lazy, Suspense } from 'react';
import Box from '@cloudscape-design/components/box';
import Spinner from '@cloudscape-design/components/spinner';
import { MAP_DEFAULT_HEIGHT, type TripMapProps } from './trip-map-types';

/** MapLibre and the basemap load with the first map shown, never with the page that holds it. */
const TripMap = lazy(() => import('./trip-map'));

/** What stands in for a lazily loaded map meanwhile: a spinner in a region of the same height. */
export function MapPlaceholder({ height = MAP_DEFAULT_HEIGHT, ariaLabel }: { height?: number; ariaLabel: string }) {
  return (
    <div style={{ height, display: 'flex', alignItems: 'center', justifyContent: 'center' }} role="region" aria-label={ariaLabel} aria-busy="true">
      <Box textAlign="center">
        <Spinner size="large" />
      </Box>
    </div>
  );
}

/** The trip map behind `lazy()` and `Suspense`, with a placeholder of the same height meanwhile. */
export function LazyTripMap(props: TripMapProps) {
  return (
    <Suspense fallback={<MapPlaceholder height={props.height} ariaLabel={props.ariaLabel} />}>
      <TripMap {...props} />
    </Suspense>
  );
}
