import { GetPlaceCommand, LocationClient } from '@aws-sdk/client-location';
import { describe, expect, it } from 'vitest';
import { chooseLocalGeo } from '../../../infra/local/geo-provider';
import { locationClientConfig } from '../../../lambdas/src/adapters/geo/location-geo';

const names = { AMAZON_LOCATION_PLACE_INDEX: 'streets', AMAZON_LOCATION_ROUTE_CALCULATOR: 'roads' };
const credentials = { AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE', AWS_SECRET_ACCESS_KEY: 'secret' };

describe('chooseLocalGeo (which places, routes and basemap npm start uses)', () => {
  it('stays offline with an empty environment, and says places know cities and towns only', () => {
    const geo = chooseLocalGeo({});
    expect(geo.env).toEqual({ GEO_PROVIDER: 'offline' });
    expect(geo.mapStyle).toBe('offline');
    expect(geo.places).toBe('offline');
    expect(geo.summary).toMatch(/cities and towns only/);
  });

  it('stays offline with credentials but no resource names: credentials alone name nothing to call', () => {
    const geo = chooseLocalGeo({ ...credentials, AWS_REGION: 'eu-west-1' });
    expect(geo.env.GEO_PROVIDER).toBe('offline');
    expect(geo.places).toBe('offline');
  });

  it.each([
    ['only the place index', { AMAZON_LOCATION_PLACE_INDEX: 'streets', ...credentials }],
    ['only the route calculator', { AMAZON_LOCATION_ROUTE_CALCULATOR: 'roads', ...credentials }],
    ['both names but nothing to sign with', { ...names }],
    ['both names and half the credentials', { ...names, AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE' }],
    ['both names and blank values', { ...names, AWS_ACCESS_KEY_ID: ' ', AWS_SECRET_ACCESS_KEY: ' ', AMAZON_LOCATION_API_KEY: '  ' }],
  ])('stays offline with %s, and says what is missing', (_, env) => {
    const geo = chooseLocalGeo(env);
    expect(geo.env).toEqual({ GEO_PROVIDER: 'offline' });
    expect(geo.places).toBe('offline');
    expect(geo.summary).toMatch(/needs AMAZON_LOCATION_PLACE_INDEX, AMAZON_LOCATION_ROUTE_CALCULATOR and AWS credentials or AMAZON_LOCATION_API_KEY/);
  });

  it('uses Amazon Location signed with AWS credentials, in AWS_REGION, with no key on the calls', () => {
    const geo = chooseLocalGeo({ ...names, ...credentials, AWS_REGION: 'eu-west-1' });
    expect(geo.env).toEqual({
      GEO_PROVIDER: 'location', PLACE_INDEX_NAME: 'streets', ROUTE_CALCULATOR_NAME: 'roads', LOCATION_REGION: 'eu-west-1', LOCATION_API_KEY: '',
    });
    expect(geo.places).toBeUndefined();
    // A browser cannot sign: without a key the basemap stays offline.
    expect(geo.mapStyle).toBe('offline');
  });

  it('signs with credentials even when an API key is there too (the key may be for the map only)', () => {
    const geo = chooseLocalGeo({ ...names, ...credentials, AMAZON_LOCATION_API_KEY: 'k1' });
    expect(geo.env.LOCATION_API_KEY).toBe('');
    expect(geo.mapStyle).toBe('https://maps.geo.us-east-1.amazonaws.com/v2/styles/Standard/descriptor?key=k1');
  });

  it('uses Amazon Location with an API key alone, carrying the key on the calls and on the map', () => {
    const geo = chooseLocalGeo({ ...names, AMAZON_LOCATION_API_KEY: 'k/1', AMAZON_LOCATION_MAP: 'my map', AMAZON_LOCATION_REGION: 'ap-southeast-2', AWS_REGION: 'eu-west-1' });
    expect(geo.env).toEqual({
      GEO_PROVIDER: 'location', PLACE_INDEX_NAME: 'streets', ROUTE_CALCULATOR_NAME: 'roads', LOCATION_REGION: 'ap-southeast-2', LOCATION_API_KEY: 'k/1',
    });
    expect(geo.places).toBeUndefined();
    expect(geo.mapStyle).toBe('https://maps.geo.ap-southeast-2.amazonaws.com/maps/v0/maps/my%20map/style-descriptor?key=k%2F1');
  });

  it.each([
    [{ AWS_DEFAULT_REGION: 'ca-central-1' }, 'ca-central-1'],
    [{ AWS_REGION: 'eu-west-1', AWS_DEFAULT_REGION: 'ca-central-1' }, 'eu-west-1'],
    [{}, 'us-east-1'],
  ])('takes the region from %j', (region, expected) => {
    expect(chooseLocalGeo({ ...names, ...credentials, ...region }).env.LOCATION_REGION).toBe(expected);
  });

  it('an API key alone with no resource names gives street maps but offline places', () => {
    const geo = chooseLocalGeo({ AMAZON_LOCATION_API_KEY: 'k1' });
    expect(geo.env.GEO_PROVIDER).toBe('offline');
    expect(geo.places).toBe('offline');
    expect(geo.mapStyle).toMatch(/^https:\/\/maps\.geo\.us-east-1\.amazonaws\.com\/v2\/styles\/Standard\/descriptor\?key=k1$/);
  });
});

describe('locationClientConfig (what the Location client sends)', () => {
  /** The SDK's own middleware runs; the request stops at a handler that records it (no network). */
  async function sent(c: Parameters<typeof locationClientConfig>[0]) {
    let request: { hostname: string; query: Record<string, unknown>; headers: Record<string, string> } | undefined;
    const client = new LocationClient({
      ...locationClientConfig(c),
      credentials: locationClientConfig(c).credentials ?? { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
      requestHandler: {
        handle: async (r: typeof request) => {
          request = r;
          throw new Error('recorded');
        },
      },
      maxAttempts: 1,
    });
    await expect(client.send(new GetPlaceCommand({ IndexName: 'streets', PlaceId: 'p1' }))).rejects.toThrow('recorded');
    return request!;
  }

  it('with an API key: the key rides on the query and nothing is signed, in the Location region', async () => {
    const r = await sent({ AWS_REGION: 'us-east-1', LOCATION_REGION: 'eu-west-1', LOCATION_API_KEY: 'k1' });
    expect(r.hostname).toContain('eu-west-1');
    expect(r.query.key).toBe('k1');
    expect(Object.keys(r.headers).map((h) => h.toLowerCase())).not.toContain('authorization');
  });

  it('without a key: SigV4 signed, no key on the query, in the functions region', async () => {
    const r = await sent({ AWS_REGION: 'us-east-1', LOCATION_API_KEY: '' });
    expect(r.hostname).toContain('us-east-1');
    expect(r.query.key).toBeUndefined();
    expect(Object.keys(r.headers).map((h) => h.toLowerCase())).toContain('authorization');
  });
});
