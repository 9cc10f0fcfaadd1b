import Box from '@cloudscape-design/components/box';
import Drawer from '@cloudscape-design/components/drawer';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettings } from './settings-context';

/** Spec §2 / §9: the drawer is 240 px wide. */
export const DRAWER_WIDTH = 240;

/**
 * Spec §2's temporary drawer on small screens, for the public site and the signed-in app alike: it
 * slides over the page from the start edge with a backdrop, under the app's name, and closes by its
 * button, the backdrop or Escape.
 */
export function TemporaryDrawer({ open, onClose, ariaLabel, children }: {
  open: boolean; onClose: () => void; ariaLabel: string; children: ReactNode;
}) {
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
      ariaLabel={ariaLabel}
      disableContentPaddings
    >
      {children}
    </Drawer>
  );
}
