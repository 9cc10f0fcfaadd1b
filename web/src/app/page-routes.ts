import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { Role } from '../../../shared/src/contract';

export interface ProtectedPage {
  path: string;
  /** Spec §2 route table: who may open the page. */
  roles: readonly Role[];
  /** Side navigation label (translation key); pages without one are not in the menu. */
  menuKey?: string;
  Component: LazyExoticComponent<ComponentType>;
}

/**
 * The signed-in pages that exist so far, each its own chunk. Which routes are guarded, and for
 * whom, comes from the spec's table in shared/src/domain/permissions (`PROTECTED_ROUTES`,
 * `canVisit`), and the side menu from its `sideMenu`; `roles` here repeats the table for readers.
 */
export const protectedPages: readonly ProtectedPage[] = [
  {
    path: '/dashboard',
    roles: ['admin', 'fleetadmin'],
    menuKey: 'menu_dashboard',
    Component: lazy(() => import('../pages/dashboard/dashboard-page')),
  },
  {
    path: '/bookings',
    roles: ['rider', 'admin', 'driver', 'fleetadmin'],
    menuKey: 'menu_booking_history',
    Component: lazy(() => import('../pages/bookings/bookings-page')),
  },
  {
    path: '/addbookings',
    roles: ['admin'],
    menuKey: 'menu_add_booking',
    Component: lazy(() => import('../pages/addbookings/add-booking-page')),
  },
  {
    path: '/cartypes',
    roles: ['admin'],
    menuKey: 'menu_car_types',
    Component: lazy(() => import('../pages/cartypes/car-types-page')),
  },
  {
    path: '/cancelreasons',
    roles: ['admin'],
    menuKey: 'menu_cancellation_reasons',
    Component: lazy(() => import('../pages/cancelreasons/cancel-reasons-page')),
  },
  {
    path: '/serviceareas',
    roles: ['admin'],
    menuKey: 'menu_service_areas',
    Component: lazy(() => import('../pages/serviceareas/service-areas-page')),
  },
  {
    path: '/promos',
    roles: ['admin'],
    menuKey: 'menu_promo',
    Component: lazy(() => import('../pages/promos/promos-page')),
  },
  {
    path: '/notifications',
    roles: ['admin'],
    menuKey: 'menu_push_notifications',
    Component: lazy(() => import('../pages/notifications/notifications-page')),
  },
  {
    path: '/settings',
    roles: ['admin'],
    menuKey: 'menu_settings',
    Component: lazy(() => import('../pages/settings/settings-page')),
  },
  {
    path: '/riders',
    roles: ['admin'],
    Component: lazy(() => import('../pages/users/riders-page')),
  },
  {
    path: '/drivers',
    roles: ['admin', 'fleetadmin'],
    Component: lazy(() => import('../pages/users/drivers-page')),
  },
  {
    path: '/fleetadmins',
    roles: ['admin'],
    Component: lazy(() => import('../pages/users/fleet-admins-page')),
  },
  {
    path: '/addtowallet',
    roles: ['admin'],
    menuKey: 'menu_add_to_wallet',
    Component: lazy(() => import('../pages/addtowallet/add-to-wallet-page')),
  },
  {
    path: '/withdraws',
    roles: ['admin'],
    menuKey: 'menu_withdraws',
    Component: lazy(() => import('../pages/withdraws/withdraws-page')),
  },
  {
    path: '/trip',
    roles: ['rider', 'driver', 'admin', 'fleetadmin'],
    Component: lazy(() => import('../pages/trip/trip-page')),
  },
  {
    path: '/receipt',
    roles: ['rider', 'driver', 'admin', 'fleetadmin'],
    Component: lazy(() => import('../pages/receipt/receipt-page')),
  },
  {
    path: '/wallet',
    roles: ['rider', 'driver'],
    menuKey: 'menu_wallet',
    Component: lazy(() => import('../pages/wallet/wallet-page')),
  },
  {
    path: '/earningreports',
    roles: ['admin'],
    Component: lazy(() => import('../pages/earnings/earning-reports-page')),
  },
  {
    path: '/driverearning',
    roles: ['admin', 'fleetadmin'],
    Component: lazy(() => import('../pages/earnings/driver-earnings-page')),
  },
  {
    path: '/payment-result',
    roles: ['rider', 'driver'],
    Component: lazy(() => import('../pages/payments/payment-result-page')),
  },
  {
    path: '/profile',
    roles: ['rider', 'admin', 'driver', 'fleetadmin'],
    menuKey: 'menu_profile',
    Component: lazy(() => import('../pages/profile/profile-page')),
  },
];
