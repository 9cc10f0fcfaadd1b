import { useTranslation } from 'react-i18next';
import { SideNav } from './side-nav';
import { DRAWER_WIDTH, TemporaryDrawer } from './temporary-drawer';

/**
 * Spec §2: on small screens the side menu is a temporary 240 px drawer over the page (Cloudscape's
 * own mobile navigation takes the whole width), closed by its button, the backdrop, Escape or
 * following a link.
 */
export function SignedInDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <TemporaryDrawer open={open} onClose={onClose} ariaLabel={t('navigation')}>
      <div style={{ width: DRAWER_WIDTH, maxWidth: '100%' }} data-testid="signed-in-drawer">
        <SideNav header={false} />
      </div>
    </TemporaryDrawer>
  );
}
