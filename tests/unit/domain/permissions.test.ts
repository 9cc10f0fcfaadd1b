import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../../../shared/src/contract/route';
import {
  canVisit, postLoginDestination, PROTECTED_ROUTES, PUBLIC_ROUTES, sideMenu, type MenuEntry,
} from '../../../shared/src/domain/permissions';

const ALL: Role[] = ['rider', 'admin', 'driver', 'fleetadmin'];

describe('§2 routes', () => {
  it.each([
    ['/bookings', ALL],
    ['/profile', ALL],
    ['/dashboard', ['admin', 'fleetadmin']],
    ['/cartypes', ['admin']],
    ['/cancelreasons', ['admin']],
    ['/addbookings', ['admin']],
    ['/promos', ['admin']],
    ['/riders', ['admin']],
    ['/drivers', ['admin', 'fleetadmin']],
    ['/fleetadmins', ['admin']],
    ['/driverearning', ['admin', 'fleetadmin']],
    ['/notifications', ['admin']],
    ['/earningreports', ['admin']],
    ['/addtowallet', ['admin']],
    ['/withdraws', ['admin']],
    ['/settings', ['admin']],
    // Beyond the spec's table: the trip view and the own wallet.
    ['/trip', ['rider', 'driver', 'admin', 'fleetadmin']],
    ['/wallet', ['rider', 'driver']],
    ['/receipt', ['rider', 'driver', 'admin', 'fleetadmin']],
    ['/serviceareas', ['admin']],
  ] as const)('%s is for %j', (path, roles) => {
    for (const role of ROLES) expect(canVisit(path, role), role).toBe((roles as readonly Role[]).includes(role));
    expect(canVisit(path, undefined)).toBe(false);
  });

  it('covers exactly the 16 protected routes of the spec, the 2 of the trip work, the payment result, the receipt and the service areas', () => {
    expect(Object.keys(PROTECTED_ROUTES)).toHaveLength(21);
    expect(PROTECTED_ROUTES['/payment-result']).toEqual(['rider', 'driver']);
  });

  it.each(PUBLIC_ROUTES.map((p) => [p]))('%s is public', (path) => {
    expect(canVisit(path, undefined)).toBe(true);
    for (const role of ROLES) expect(canVisit(path, role)).toBe(true);
  });

  it.each(['/bookings/', '/Bookings', '/bookings/123', '/nope', '/constructor', 'bookings', ''])('%j does not match (exact)', (path) => {
    expect(canVisit(path, 'admin')).toBe(false);
  });

  it.each([
    ['admin', '/dashboard'],
    ['fleetadmin', '/dashboard'],
    ['driver', '/bookings'],
    ['rider', '/'],
    [undefined, '/'],
  ] as const)('%s lands on %s after login', (role, path) => {
    expect(postLoginDestination(role)).toBe(path);
  });
});

const flat = (menu: MenuEntry[]) =>
  menu.flatMap((e) => (e.type === 'group' ? [e.labelKey, ...e.items.map((i) => `${e.labelKey}/${i.labelKey}:${i.href}`)] : e.type === 'link' ? [`${e.labelKey}:${e.href}`] : [e.labelKey]));

describe('§2 admin side menu', () => {
  it('admin', () => {
    expect(flat(sideMenu('admin'))).toEqual([
      'menu_home:/',
      'menu_dashboard:/dashboard',
      'menu_booking_history:/bookings',
      'menu_add_booking:/addbookings',
      'menu_users',
      'menu_users/menu_riders:/riders',
      'menu_users/menu_drivers:/drivers',
      'menu_users/menu_fleet_admins:/fleetadmins',
      'menu_car_types:/cartypes',
      'menu_cancellation_reasons:/cancelreasons',
      'menu_service_areas:/serviceareas',
      'menu_earning_reports:/earningreports',
      'menu_wallet',
      'menu_wallet/menu_earning_reports:/earningreports',
      'menu_wallet/menu_driver_earning:/driverearning',
      'menu_wallet/menu_add_to_wallet:/addtowallet',
      'menu_wallet/menu_withdraws:/withdraws',
      'menu_promo:/promos',
      'menu_push_notifications:/notifications',
      'menu_settings:/settings',
      'menu_profile:/profile',
      'menu_logout',
    ]);
  });

  it('fleetadmin: drivers at top level, earning reports go to /driverearning', () => {
    expect(flat(sideMenu('fleetadmin'))).toEqual([
      'menu_home:/',
      'menu_dashboard:/dashboard',
      'menu_booking_history:/bookings',
      'menu_drivers:/drivers',
      'menu_earning_reports:/driverearning',
      'menu_profile:/profile',
      'menu_logout',
    ]);
  });

  it.each(['rider', 'driver'] as const)('%s', (role) => {
    expect(flat(sideMenu(role))).toEqual(['menu_home:/', 'menu_booking_history:/bookings', 'menu_wallet:/wallet', 'menu_profile:/profile', 'menu_logout']);
  });

  it.each(ROLES.map((r) => [r]))('every link in the %s menu is visitable by that role', (role) => {
    const links = sideMenu(role).flatMap((e) => (e.type === 'group' ? e.items : e.type === 'link' ? [e] : []));
    for (const l of links) expect(canVisit(l.href, role), l.href).toBe(true);
  });
});
