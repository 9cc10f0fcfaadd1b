import { describe, expect, it } from 'vitest';
import { addZoneFees, calculateFare } from '../../../shared/src/domain/fare';
import { ringsContain } from '../../../shared/src/domain/point-in-polygon';
import { buildReceipt } from '../../../shared/src/domain/receipt';
import { renderReceiptEmail } from '../../../shared/src/i18n/receipt-email';
import {
  areaSet, MAX_VERTICES, normalisePolygon, outsideServiceAreas, zoneFeesFor, type ServiceAreaShape,
} from '../../../shared/src/domain/service-areas';

const P = (lat: number, lng: number) => ({ lat, lng });
/** A 1° square with its south-west corner at (lat, lng), open ring. */
const square = (lat: number, lng: number, size = 1) => [P(lat, lng), P(lat, lng + size), P(lat + size, lng + size), P(lat + size, lng)];
const ring = (pts: { lat: number; lng: number }[]) => pts.map((p) => [p.lng, p.lat]);

describe('point in polygon (shared with the land mask)', () => {
  it('tells inside from outside, for open and closed rings alike', () => {
    const open = ringsContain([ring(square(10, 20))]);
    const closed = ringsContain([ring([...square(10, 20), P(10, 20)])]);
    for (const test of [open, closed]) {
      expect(test(P(10.5, 20.5))).toBe(true);
      expect(test(P(9.5, 20.5))).toBe(false);
      expect(test(P(10.5, 21.5))).toBe(false);
      expect(test(P(-10.5, -20.5))).toBe(false);
    }
  });

  it('a concave polygon: the notch is outside', () => {
    // A "U": the notch between its arms is outside.
    const u = ringsContain([ring([P(0, 0), P(0, 3), P(3, 3), P(3, 2), P(1, 2), P(1, 1), P(3, 1), P(3, 0)])]);
    expect(u(P(0.5, 1.5))).toBe(true);
    expect(u(P(2, 1.5))).toBe(false);
    expect(u(P(2, 0.5))).toBe(true);
    expect(u(P(2, 2.5))).toBe(true);
  });

  it('a ray through a corner counts once (half-open rule), so a point level with a vertex is still decided right', () => {
    const diamond = ringsContain([ring([P(0, 1), P(1, 2), P(2, 1), P(1, 0)])]);
    expect(diamond(P(1, 1))).toBe(true); // level with the west and east corners
    expect(diamond(P(1, -0.5))).toBe(false); // west of the west corner, on its level
    expect(diamond(P(1, 2.5))).toBe(false);
    expect(diamond(P(0, 1.5))).toBe(false); // level with the south corner, east of it
  });

  it('a point on a horizontal edge of the south side counts as inside, of the north side as outside (one boundary, never both)', () => {
    const test = ringsContain([ring(square(0, 0))]);
    expect(test(P(0, 0.5))).toBe(true);
    expect(test(P(1, 0.5))).toBe(false);
  });

  it('a polygon spanning many latitude bands: each band decides from its own edges', () => {
    const tall = ringsContain([ring([P(-60, 10), P(-60, 10.01), P(70, 10.01), P(70, 10)])]);
    for (let lat = -59.95; lat < 70; lat += 7.3) {
      expect(tall(P(lat, 10.005))).toBe(true);
      expect(tall(P(lat, 10.02))).toBe(false);
    }
  });
});

describe('polygon rule', () => {
  it('keeps a drawing open, dropping a closing corner, at the stored precision', () => {
    const drawn = [...square(10, 20), P(10, 20)];
    const out = normalisePolygon(drawn);
    expect(out).toEqual({ ring: square(10, 20) });
    expect(normalisePolygon([P(1.123456789, 2.000000001), P(1, 3), P(2, 3)])).toEqual({ ring: [P(1.1234568, 2), P(1, 3), P(2, 3)] });
  });

  it('refuses fewer than 3 corners, more than the maximum, corners out of range, repeated corners and no area', () => {
    const invalid = { problem: 'service_area_polygon_invalid' };
    expect(normalisePolygon([])).toEqual(invalid);
    expect(normalisePolygon([P(0, 0), P(0, 1)])).toEqual(invalid);
    expect(normalisePolygon([P(0, 0), P(0, 1), P(0, 0)])).toEqual(invalid); // closed, so two corners
    expect(normalisePolygon([P(0, 0), P(0, 1), P(91, 1)])).toEqual(invalid);
    expect(normalisePolygon([P(0, 0), P(0, 181), P(1, 1)])).toEqual(invalid);
    expect(normalisePolygon([P(0, 0), P(0, 1), P(0, 1), P(1, 1)])).toEqual(invalid);
    expect(normalisePolygon([P(0, 0), P(0, 1), P(0, 2)])).toEqual(invalid); // a line: no area
    const many = Array.from({ length: MAX_VERTICES + 1 }, (_, i) => P(Math.sin((2 * Math.PI * i) / (MAX_VERTICES + 1)), Math.cos((2 * Math.PI * i) / (MAX_VERTICES + 1))));
    expect(normalisePolygon(many)).toEqual(invalid);
    expect('ring' in normalisePolygon(many.slice(0, MAX_VERTICES))).toBe(true);
  });

  it('refuses a ring 180 degrees of longitude wide or more (it would be read across the antimeridian)', () => {
    expect(normalisePolygon([P(0, -100), P(0, 80), P(10, 0)])).toEqual({ problem: 'service_area_polygon_invalid' });
    expect('ring' in normalisePolygon([P(0, -89), P(0, 89), P(10, 0)])).toBe(true);
  });

  it('refuses an outline that crosses itself (a bow tie) or folds back on itself (a spike)', () => {
    expect(normalisePolygon([P(0, 0), P(1, 1), P(1, 0), P(0, 1)])).toEqual({ problem: 'service_area_polygon_self_intersects' });
    expect(normalisePolygon([P(0, 0), P(0, 2), P(0, 1), P(1, 1)])).toEqual({ problem: 'service_area_polygon_self_intersects' });
    // A corner touching another edge.
    expect(normalisePolygon([P(0, 0), P(0, 2), P(2, 2), P(2, 0), P(1, 2)])).toEqual({ problem: 'service_area_polygon_self_intersects' });
    expect('ring' in normalisePolygon([P(0, 0), P(0, 3), P(3, 3), P(3, 2), P(1, 2), P(1, 1), P(3, 1), P(3, 0)])).toBe(true);
  });
});

const area = (over: Partial<ServiceAreaShape> & Pick<ServiceAreaShape, 'id' | 'kind' | 'polygon'>): ServiceAreaShape => ({ name: over.id, ...over });

describe('service areas', () => {
  const city = area({ id: 'city', kind: 'service', polygon: square(10, 20) });
  const suburb = area({ id: 'suburb', kind: 'service', polygon: square(11, 20) });
  const inCity = P(10.5, 20.5);
  const inSuburb = P(11.5, 20.5);
  const nowhere = P(30, 30);

  it('with no service area everywhere is served (fee zones do not limit anything)', () => {
    const feeOnly = areaSet([area({ id: 'airport', kind: 'fee', polygon: square(10, 20), fee: 500 })]);
    expect(outsideServiceAreas(areaSet([]), { pickup: nowhere, drop: nowhere })).toBeUndefined();
    expect(outsideServiceAreas(feeOnly, { pickup: nowhere, drop: inCity })).toBeUndefined();
  });

  it('once one exists, names the end outside every service area (the pickup first); ends in different areas are served', () => {
    const set = areaSet([city, suburb]);
    expect(outsideServiceAreas(set, { pickup: inCity, drop: inSuburb })).toBeUndefined();
    expect(outsideServiceAreas(set, { pickup: nowhere, drop: inCity })).toBe('pickup');
    expect(outsideServiceAreas(set, { pickup: inCity, drop: nowhere })).toBe('drop');
    expect(outsideServiceAreas(set, { pickup: nowhere, drop: nowhere })).toBe('pickup');
  });

  it("holds a trip's stops to the same rule, naming the first stop outside", () => {
    const set = areaSet([city, suburb]);
    expect(outsideServiceAreas(set, { pickup: inCity, stops: [inSuburb, inCity], drop: inSuburb })).toBeUndefined();
    expect(outsideServiceAreas(set, { pickup: inCity, stops: [inSuburb, nowhere], drop: inCity })).toBe('stops.1');
    expect(outsideServiceAreas(set, { pickup: nowhere, stops: [nowhere], drop: inCity })).toBe('pickup');
  });
});

describe('zone fees', () => {
  const airport = (feeAppliesTo: ServiceAreaShape['feeAppliesTo']) => area({ id: `ap-${feeAppliesTo}`, kind: 'fee', polygon: square(10, 20), fee: 450, feeLabel: 'Airport', feeAppliesTo });
  const inside = P(10.5, 20.5);
  const outside = P(12.5, 20.5);
  const fees = (a: ServiceAreaShape, pickup: { lat: number; lng: number }, drop: { lat: number; lng: number }) => zoneFeesFor(areaSet([a]), { pickup, drop }).map((f) => f.amount);

  it('applies at the pickup, the drop, either or both, as the zone says', () => {
    expect(fees(airport('pickup'), inside, outside)).toEqual([450]);
    expect(fees(airport('pickup'), outside, inside)).toEqual([]);
    expect(fees(airport('drop'), outside, inside)).toEqual([450]);
    expect(fees(airport('drop'), inside, outside)).toEqual([]);
    expect(fees(airport('either'), inside, outside)).toEqual([450]);
    expect(fees(airport('either'), outside, inside)).toEqual([450]);
    expect(fees(airport('either'), inside, inside)).toEqual([450]); // once, however many ends are in it
    expect(fees(airport('both'), inside, outside)).toEqual([]);
    expect(fees(airport('both'), inside, inside)).toEqual([450]);
    expect(fees(airport('either'), outside, outside)).toEqual([]);
  });

  it('each zone adds its own line with its label; service areas add none', () => {
    const set = areaSet([
      area({ id: 'city', kind: 'service', polygon: square(0, 0, 50) }),
      airport('pickup'),
      area({ id: 'station', name: 'Central station', kind: 'fee', polygon: square(10, 20, 0.5), fee: 100, feeAppliesTo: 'pickup' }),
    ]);
    expect(zoneFeesFor(set, { pickup: P(10.2, 20.2), drop: P(30, 30) })).toEqual([
      { areaId: 'ap-pickup', label: 'Airport', amount: 450 },
      { areaId: 'station', label: 'Central station', amount: 100 },
    ]);
  });

  it('is passed through: in the total the rider pays and whole in the driver share, never in the convenience fee', () => {
    const rates = { base_fare: 500, rate_per_unit_distance: 150, rate_per_hour: 1200, min_fare: 1000, convenience_fees: 10, convenience_fee_type: 'percent' as const };
    const fare = calculateFare({ rates, distance: 10, durationSeconds: 1800 });
    const withZone = addZoneFees(fare, [{ areaId: 'a', label: 'Airport', amount: 450 }]);
    expect(withZone).toMatchObject({
      totalFare: fare.totalFare, convenienceFees: fare.convenienceFees, parts: fare.parts,
      grandTotal: fare.grandTotal + 450, driverShare: fare.driverShare + 450, zoneFees: [{ areaId: 'a', label: 'Airport', amount: 450 }],
    });
    expect(withZone.grandTotal - withZone.convenienceFees).toBe(withZone.driverShare);
    expect(addZoneFees(fare, [])).toEqual(fare);
  });

  it('the receipt lists each zone fee as its own line after the fare, lines adding up to the total; the e-mail too', () => {
    const rates = { base_fare: 500, rate_per_unit_distance: 150, rate_per_hour: 1200, min_fare: 1000, convenience_fees: 10, convenience_fee_type: 'percent' as const };
    const fare = addZoneFees(calculateFare({ rates, distance: 10, durationSeconds: 1800 }), [{ areaId: 'a', label: 'Airport pickup', amount: 450 }]);
    const r = buildReceipt({
      id: 'B1', status: 'PAID', carType: 'Sedan', tripdate: 1, pickupAddress: 'Terminal 1', dropAddress: 'Downtown', estimateDistance: 10, distanceUnit: 'km', estimateTime: 1800,
      trip_cost: fare.grandTotal, convenience_fees: fare.convenienceFees, fare_parts: fare.parts, zone_fees: fare.zoneFees, customer_name: 'Ann Rider',
      payment_mode: 'cash', cashPaymentAmount: fare.grandTotal,
    }, { appName: 'GoRide', CompanyName: 'GoRide Ltd', CompanyWebsite: 'https://example.com', contact_email: 'help@example.com', symbol: '$', code: 'USD' });
    expect(r.lines).toEqual([
      { kind: 'base', amount: 500 }, { kind: 'distance', amount: 1500 }, { kind: 'time', amount: 600 },
      { kind: 'zone', amount: 450, detail: 'Airport pickup' }, { kind: 'fee', amount: 260 },
    ]);
    expect(r.lines.reduce((s, l) => s + l.amount, 0)).toBe(r.total);
    expect(r.total).toBe(3310);
    expect(renderReceiptEmail(r).text).toMatch(/Zone fee \(Airport pickup\)\s+\$4\.50/);
  });
});
