import SideNavigation, { type SideNavigationProps } from '@cloudscape-design/components/side-navigation';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useAuth } from '../auth/auth-context';
import { isAllowed } from '../auth/roles';
import { useFollow } from '../components/use-follow';
import { protectedPages } from './page-routes';
import { useSettings } from './settings-context';

/** Spec §2 admin side menu, filtered by role; entries appear as their pages are built. */
export function SideNav() {
  const { t } = useTranslation();
  const { settings } = useSettings();
  const { role } = useAuth();
  const { pathname } = useLocation();
  const follow = useFollow();

  const items: SideNavigationProps.Item[] = [
    { type: 'link', text: t('menu_home'), href: '/' },
    ...protectedPages
      .filter((p) => p.menuKey && isAllowed(role, p.roles))
      .map((p): SideNavigationProps.Item => ({ type: 'link', text: t(p.menuKey ?? ''), href: p.path })),
    { type: 'divider' },
    // A real route (not a click handler) so the menu stays plain links; /logout signs out.
    { type: 'link', text: t('menu_logout'), href: '/logout' },
  ];

  return (
    <SideNavigation
      header={{ href: '/', text: settings.appName }}
      activeHref={pathname}
      items={items}
      onFollow={follow}
    />
  );
}
