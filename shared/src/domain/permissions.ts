import type { Role } from '../contract/route';
import type { MenuKey } from '../i18n/keys';

/** Spec §2 public pages: anyone may visit, signed in or not. */
export const PUBLIC_ROUTES = ['/', '/login', '/register', '/about-us', '/privacy-policy'] as const;
export type PublicRoute = (typeof PUBLIC_ROUTES)[number];

/** Spec §2 protected routes and the roles allowed on each. Matching is exact. */
export const PROTECTED_ROUTES = {
  '/bookings': ['rider', 'admin', 'driver', 'fleetadmin'],
  '/profile': ['rider', 'admin', 'driver', 'fleetadmin'],
  '/dashboard': ['admin', 'fleetadmin'],
  '/cartypes': ['admin'],
  '/cancelreasons': ['admin'],
  '/addbookings': ['admin'],
  '/promos': ['admin'],
  '/riders': ['admin'],
  '/drivers': ['admin', 'fleetadmin'],
  '/fleetadmins': ['admin'],
  '/driverearning': ['admin', 'fleetadmin'],
  '/notifications': ['admin'],
  '/earningreports': ['admin'],
  '/addtowallet': ['admin'],
  '/withdraws': ['admin'],
  '/settings': ['admin'],
  // Beyond the spec's table (it has no trip or wallet screens): the trip view and the own wallet.
  '/trip': ['rider', 'driver', 'admin', 'fleetadmin'],
  '/wallet': ['rider', 'driver'],
  // A paid booking's printable receipt, for whoever may read the booking.
  '/receipt': ['rider', 'driver', 'admin', 'fleetadmin'],
  // Where a payment provider sends the browser back: what the server knows of the payment.
  '/payment-result': ['rider', 'driver'],
  // Where the platform operates and the zones' fixed fees, drawn on the map.
  '/serviceareas': ['admin'],
} as const satisfies Record<string, readonly Role[]>;
export type ProtectedRoute = keyof typeof PROTECTED_ROUTES;

export function isPublicRoute(path: string): path is PublicRoute {
  return (PUBLIC_ROUTES as readonly string[]).includes(path);
}

export function isProtectedRoute(path: string): path is ProtectedRoute {
  return Object.hasOwn(PROTECTED_ROUTES, path);
}

/**
 * May this visitor open this path? Public routes always; protected ones only for their roles
 * (a signed-out visitor has no role and is sent to /login). Unknown paths are refused.
 */
export function canVisit(path: string, role: Role | null | undefined): boolean {
  if (isPublicRoute(path)) return true;
  if (!isProtectedRoute(path) || !role) return false;
  return (PROTECTED_ROUTES[path] as readonly Role[]).includes(role);
}

/** Spec §2: admin and fleetadmin land on /dashboard, drivers on /bookings, others on /. */
export function postLoginDestination(role: Role | null | undefined): '/dashboard' | '/bookings' | '/' {
  if (role === 'admin' || role === 'fleetadmin') return '/dashboard';
  if (role === 'driver') return '/bookings';
  return '/';
}

export interface MenuLink {
  type: 'link';
  labelKey: MenuKey;
  href: string;
}
export interface MenuGroup {
  type: 'group';
  labelKey: MenuKey;
  items: MenuLink[];
}
/** Logout is an action (sign out), not a page. */
export interface MenuLogout {
  type: 'logout';
  labelKey: 'menu_logout';
}
export type MenuEntry = MenuLink | MenuGroup | MenuLogout;

const link = (labelKey: MenuKey, href: string): MenuLink => ({ type: 'link', labelKey, href });

/**
 * Spec §2 "Admin side menu" for a role, in the spec's order. The top-level Earning reports entry
 * is shown to admin (→ /earningreports) and fleetadmin (→ /driverearning, as the spec sends
 * them); riders and drivers may visit neither page so they do not get it. Admin additionally
 * finds earning reports inside the Wallet group, as the spec lists it there too.
 */
export function sideMenu(role: Role): MenuEntry[] {
  const admin = role === 'admin';
  const fleet = role === 'fleetadmin';
  const menu: MenuEntry[] = [link('menu_home', '/')];
  if (admin || fleet) menu.push(link('menu_dashboard', '/dashboard'));
  menu.push(link('menu_booking_history', '/bookings'));
  if (admin) menu.push(link('menu_add_booking', '/addbookings'));
  if (fleet) menu.push(link('menu_drivers', '/drivers'));
  if (admin) {
    menu.push({
      type: 'group',
      labelKey: 'menu_users',
      items: [link('menu_riders', '/riders'), link('menu_drivers', '/drivers'), link('menu_fleet_admins', '/fleetadmins')],
    });
    menu.push(link('menu_car_types', '/cartypes'), link('menu_cancellation_reasons', '/cancelreasons'), link('menu_service_areas', '/serviceareas'));
  }
  if (admin) menu.push(link('menu_earning_reports', '/earningreports'));
  if (fleet) menu.push(link('menu_earning_reports', '/driverearning'));
  if (admin) {
    menu.push({
      type: 'group',
      labelKey: 'menu_wallet',
      items: [
        link('menu_earning_reports', '/earningreports'),
        link('menu_driver_earning', '/driverearning'),
        link('menu_add_to_wallet', '/addtowallet'),
        link('menu_withdraws', '/withdraws'),
      ],
    });
    menu.push(link('menu_promo', '/promos'), link('menu_push_notifications', '/notifications'), link('menu_settings', '/settings'));
  }
  if (role === 'rider' || role === 'driver') menu.push(link('menu_wallet', '/wallet'));
  menu.push(link('menu_profile', '/profile'), { type: 'logout', labelKey: 'menu_logout' });
  return menu;
}
