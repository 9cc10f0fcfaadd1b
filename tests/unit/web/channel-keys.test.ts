import { describe, expect, it } from 'vitest';
import { keyForChannel, problemForChannel } from '../../../web/src/features/booking-form/channel-keys';

describe('the booking form speaks the admin variant on /addbookings (spec §8)', () => {
  it('place_to_coords_error is place_to_coordinates_error for admins only; other keys pass', () => {
    expect(keyForChannel('place_to_coords_error', 'admin')).toBe('place_to_coordinates_error');
    expect(keyForChannel('place_to_coords_error', 'rider')).toBe('place_to_coords_error');
    expect(keyForChannel('select_proper', 'admin')).toBe('select_proper');
    expect(problemForChannel({ key: 'place_to_coords_error', fallback: 'x' }, 'admin')).toEqual({ key: 'place_to_coordinates_error', fallback: 'x' });
    expect(problemForChannel(null, 'admin')).toBeNull();
  });
});
