import { describe, expect, it } from 'vitest';
import { ROLES } from '../../../shared/src/contract/route';
import { asksForLocationAtOnce, showsLocationWarning, type ViewerLocation } from '../../../web/src/components/map/use-viewer-location';

const unavailable: ViewerLocation = { state: 'unavailable' };
const STAFF = ['admin', 'fleetadmin'] as const;

describe('the red location warning, by role', () => {
  it.each(ROLES.filter((r) => !(STAFF as readonly string[]).includes(r)))('%s: asked at once, warned when the position is unavailable', (role) => {
    expect(asksForLocationAtOnce(role)).toBe(true);
    expect(showsLocationWarning(role, false, unavailable)).toBe(true);
  });

  it.each(STAFF)('%s: not asked at once, no warning unless they pressed for their location', (role) => {
    expect(asksForLocationAtOnce(role)).toBe(false);
    expect(showsLocationWarning(role, false, unavailable)).toBe(false);
    expect(showsLocationWarning(role, true, unavailable)).toBe(true);
  });

  it('signed out: not asked at once, no warning unasked', () => {
    expect(asksForLocationAtOnce(null)).toBe(false);
    expect(showsLocationWarning(null, false, unavailable)).toBe(false);
  });

  it.each(ROLES)('%s: no warning while the position is known, asked for or idle', (role) => {
    for (const location of [{ state: 'known', at: { lat: 1, lng: 2 } }, { state: 'asking' }, { state: 'idle' }] as ViewerLocation[]) {
      expect(showsLocationWarning(role, true, location)).toBe(false);
    }
  });
});
