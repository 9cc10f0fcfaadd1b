/**
 * Which places, routes and basemap the local platform uses. Offline by default (the GeoNames
 * gazetteer, great-circle routes, a basemap of country shapes); Amazon Location when the
 * environment names its resources and can reach it, as a deploy uses it.
 *
 * - AMAZON_LOCATION_PLACE_INDEX and AMAZON_LOCATION_ROUTE_CALCULATOR: places and routes go to
 *   Amazon Location, signed with the AWS credentials in the environment (AWS_ACCESS_KEY_ID,
 *   AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN), or else carrying AMAZON_LOCATION_API_KEY.
 * - AMAZON_LOCATION_API_KEY: browsers cannot sign, so the basemap needs a key: the map named by
 *   AMAZON_LOCATION_MAP, or without one the API-key based Maps service's Standard style.
 * - AMAZON_LOCATION_REGION (else AWS_REGION, AWS_DEFAULT_REGION, us-east-1).
 */
export interface LocalGeo {
  /** For the handlers' environment. */
  env: Record<string, string>;
  /** config.json `mapStyle`. */
  mapStyle: string;
  /** config.json `places`: 'offline' when place search knows cities and towns only. */
  places?: 'offline';
  /** What the start script says about it. */
  summary: string;
}

export function chooseLocalGeo(env: Readonly<Record<string, string | undefined>>): LocalGeo {
  const value = (name: string) => env[name]?.trim() || undefined;
  const region = value('AMAZON_LOCATION_REGION') ?? value('AWS_REGION') ?? value('AWS_DEFAULT_REGION') ?? 'us-east-1';
  const key = value('AMAZON_LOCATION_API_KEY');
  const placeIndex = value('AMAZON_LOCATION_PLACE_INDEX');
  const calculator = value('AMAZON_LOCATION_ROUTE_CALCULATOR');
  const mapName = value('AMAZON_LOCATION_MAP');
  const credentials = Boolean(value('AWS_ACCESS_KEY_ID') && value('AWS_SECRET_ACCESS_KEY'));

  const mapStyle = !key
    ? 'offline'
    : mapName
      ? `https://maps.geo.${region}.amazonaws.com/maps/v0/maps/${encodeURIComponent(mapName)}/style-descriptor?key=${encodeURIComponent(key)}`
      : `https://maps.geo.${region}.amazonaws.com/v2/styles/Standard/descriptor?key=${encodeURIComponent(key)}`;
  const mapSummary = key ? `Amazon Location map ${mapName ?? 'Standard style'} (${region})` : 'offline basemap (set AMAZON_LOCATION_API_KEY for street maps)';

  if (placeIndex && calculator && (credentials || key)) {
    return {
      env: {
        GEO_PROVIDER: 'location', PLACE_INDEX_NAME: placeIndex, ROUTE_CALCULATOR_NAME: calculator, LOCATION_REGION: region,
        // With AWS credentials the calls are signed (a key may be for the browser's map only).
        LOCATION_API_KEY: credentials ? '' : key!,
      },
      mapStyle,
      summary: `Amazon Location places ${placeIndex} and routes ${calculator} (${region}, ${credentials ? 'AWS credentials' : 'API key'}); ${mapSummary}`,
    };
  }
  const why = placeIndex || calculator
    ? 'Amazon Location needs AMAZON_LOCATION_PLACE_INDEX, AMAZON_LOCATION_ROUTE_CALCULATOR and AWS credentials or AMAZON_LOCATION_API_KEY'
    : 'cities and towns only; see the README for real streets';
  return { env: { GEO_PROVIDER: 'offline' }, mapStyle, places: 'offline', summary: `offline places and routes (${why}); ${mapSummary}` };
}
