import SideNavigation, { type SideNavigationProps } from '@cloudscape-design/components/side-navigation';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { sideMenu, type MenuEntry } from '../../../shared/src/domain/permissions';
import { useAuth } from '../auth/auth-context';
import { useFollow } from '../components/use-follow';
import { useSettings } from './settings-context';

/** Logout is a route (not a click handler) so the menu stays plain links; /logout signs out. */
const LOGOUT_HREF = '/logout';

function toItem(entry: MenuEntry, t: (key: string) => string): SideNavigationProps.Item {
  switch (entry.type) {
    case 'link':
      return { type: 'link', text: t(entry.labelKey), href: entry.href };
    case 'group':
      return { type: 'section', text: t(entry.labelKey), defaultExpanded: true, items: entry.items.map((i) => toItem(i, t)) };
    case 'logout':
      return { type: 'link', text: t(entry.labelKey), href: LOGOUT_HREF };
  }
}

/**
 * Spec §2 admin side menu for the role, from the shared `sideMenu`: every entry, including pages
 * still to come (they show the not-found page until then). Logout sits after a divider.
 */
export function SideNav({ header = true }: { header?: boolean } = {}) {
  const { t } = useTranslation();
  const { settings } = useSettings();
  const { role } = useAuth();
  const { pathname } = useLocation();
  const follow = useFollow();

  const entries = role ? sideMenu(role) : [];
  const items: SideNavigationProps.Item[] = entries.flatMap((entry): SideNavigationProps.Item[] =>
    entry.type === 'logout' ? [{ type: 'divider' }, toItem(entry, t)] : [toItem(entry, t)],
  );

  return (
    <SideNavigation
      {...(header ? { header: { href: '/', text: settings.appName } } : {})}
      activeHref={pathname}
      items={items}
      onFollow={follow}
    />
  );
}
