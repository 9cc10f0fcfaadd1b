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
 * The signed-in pages, in side-menu order. The guard, the router and the side navigation are all
 * built from this list, so a page's roles are written once. Each page is its own chunk.
 */
export const protectedPages: readonly ProtectedPage[] = [
  {
    path: '/dashboard',
    roles: ['admin', 'fleetadmin'],
    menuKey: 'menu_dashboard',
    Component: lazy(() => import('../pages/dashboard/dashboard-page')),
  },
  {
    path: '/cartypes',
    roles: ['admin'],
    menuKey: 'menu_car_types',
    Component: lazy(() => import('../pages/cartypes/car-types-page')),
  },
  // '/profile' (all four roles, menu_profile) joins this list when its page exists.
];
