import Box from '@cloudscape-design/components/box';
import Drawer from '@cloudscape-design/components/drawer';
import { useTranslation } from 'react-i18next';
import { useSettings } from './settings-context';
import { SideNav } from './side-nav';

/** Spec §2 / §9: the drawer is 240 px wide. */
export const SIGNED_IN_DRAWER_WIDTH = 240;

/**
 * Spec §2: on small screens the side menu is a temporary 240 px drawer over the page (Cloudscape's
 * own mobile navigation takes the whole width), closed by its button, the backdrop, Escape or
 * following a link.
 */
export function SignedInDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { settings } = useSettings();
  return (
    <Drawer
      position="fixed"
      placement="start"
      backdrop
      open={open}
      zIndex={2000}
      onClose={onClose}
      closeAction={{ ariaLabel: t('close_navigation') }}
      header={<Box variant="h2">{settings.appName}</Box>}
      ariaLabel={t('navigation')}
      disableContentPaddings
    >
      <div style={{ width: SIGNED_IN_DRAWER_WIDTH, maxWidth: '100%' }} data-testid="signed-in-drawer">
        <SideNav header={false} />
      </div>
    </Drawer>
  );
}
