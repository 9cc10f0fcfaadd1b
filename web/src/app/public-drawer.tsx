import Box from '@cloudscape-design/components/box';
import SideNavigation, { type SideNavigationProps } from '@cloudscape-design/components/side-navigation';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useFollow } from '../components/use-follow';
import { useSettings } from './settings-context';
import { SocialLinks } from './social-links';
import { DRAWER_WIDTH, TemporaryDrawer } from './temporary-drawer';

export interface PublicDrawerProps {
  open: boolean;
  onClose: () => void;
  links: readonly { key: string; href: string }[];
  accountText: string;
  languageMenu: ReactNode;
}

/**
 * The public header's drawer below 768 px (spec §2): its links, the account link, the social links
 * and the language selector. Its own chunk, loaded only on small screens (see public-header).
 */
export default function PublicDrawer({ open, onClose, links, accountText, languageMenu }: PublicDrawerProps) {
  const { t } = useTranslation();
  const { settings } = useSettings();
  const follow = useFollow();
  const { pathname } = useLocation();
  const items: SideNavigationProps.Item[] = [
    ...links.map((l): SideNavigationProps.Item => ({ type: 'link', text: t(l.key), href: l.href })),
    { type: 'divider' },
    { type: 'link', text: accountText, href: '/bookings' },
  ];
  return (
    <TemporaryDrawer open={open} onClose={onClose} ariaLabel={t('site_navigation')}>
      <div style={{ width: DRAWER_WIDTH }} className="public-drawer">
        <SideNavigation items={items} activeHref={pathname} onFollow={follow} />
        <Box padding={{ horizontal: 'l', vertical: 'm' }}>
          <SpaceBetween size="m">
            <SocialLinks settings={settings} />
            {languageMenu}
          </SpaceBetween>
        </Box>
      </div>
    </TemporaryDrawer>
  );
}
