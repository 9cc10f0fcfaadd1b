import type { GeoService } from '../../ports/geo';

/**
 * A GeoService whose adapter module is imported on its first call. The composition root reaches
 * the offline gazetteer through this, so that the functions' bundles can leave the module out
 * (lambda-bundling.ts): configuration picks it only where Amazon Location does not exist.
 */
export function geoOnFirstUse(load: () => Promise<GeoService>): GeoService {
  let loaded: Promise<GeoService> | undefined;
  const service = () => (loaded ??= load());
  return {
    autocomplete: async (text, near) => (await service()).autocomplete(text, near),
    placeCoords: async (placeId) => (await service()).placeCoords(placeId),
    reverseGeocode: async (point) => (await service()).reverseGeocode(point),
    onLand: async (point) => (await service()).onLand(point),
    route: async (start, dest, via) => (await service()).route(start, dest, via),
    driveTime: async (points) => (await service()).driveTime(points),
  };
}
