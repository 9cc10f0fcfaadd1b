/**
 * Spec §8: the admin app says place_to_coordinates_error where the rider site says
 * place_to_coords_error. Every message the booking form shows passes here, so the admin's
 * /addbookings never shows the rider's wording.
 */
const ADMIN_VARIANTS: Readonly<Record<string, string>> = { place_to_coords_error: 'place_to_coordinates_error' };

export function keyForChannel(key: string, channel: 'rider' | 'admin'): string {
  return channel === 'admin' ? ADMIN_VARIANTS[key] ?? key : key;
}

/** The same for a shown problem ({ key, … }). */
export function problemForChannel<P extends { key: string }>(problem: P | null, channel: 'rider' | 'admin'): P | null {
  return problem ? { ...problem, key: keyForChannel(problem.key, channel) } : null;
}
