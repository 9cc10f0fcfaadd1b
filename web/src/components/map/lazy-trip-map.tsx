import { lazy, Suspense } from 'react';
import Box from '@cloudscape-design/components/box';
import Spinner from '@cloudscape-design/components/spinner';
import { MAP_DEFAULT_HEIGHT, type TripMapProps } from './trip-map-types';

/** MapLibre and the basemap load with the first map shown, never with the page that holds it. */
const TripMap = lazy(() => import('./trip-map'));

/** The trip map behind `lazy()` and `Suspense`, with a placeholder of the same height meanwhile. */
export function LazyTripMap(props: TripMapProps) {
  const height = props.height ?? MAP_DEFAULT_HEIGHT;
  return (
    <Suspense
      fallback={
        <div style={{ height, display: 'flex', alignItems: 'center', justifyContent: 'center' }} role="region" aria-label={props.ariaLabel} aria-busy="true">
          <Box textAlign="center">
            <Spinner size="large" />
          </Box>
        </div>
      }
    >
      <TripMap {...props} />
    </Suspense>
  );
}
