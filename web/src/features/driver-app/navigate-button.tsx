import Button from '@cloudscape-design/components/button';
import { useTranslation } from 'react-i18next';
import { mapsPlatform, navigationUrl, type NavigationPoint } from './navigation-url';

/**
 * "Navigate" beside a point the driver drives to: opens the device's maps app with directions to
 * it, in a new tab so the console (and its location sharing) stays open behind.
 */
export function NavigateButton({ point, to, place, n }: { point: NavigationPoint; to: 'pickup' | 'drop' | 'stop'; place: string; /** A stop's number (1-based). */ n?: number }) {
  const { t } = useTranslation();
  const href = navigationUrl(point, mapsPlatform(navigator));
  return (
    <Button
      href={href}
      target="_blank"
      iconName="external"
      iconAlign="right"
      ariaLabel={t(to === 'pickup' ? 'navigate_to_pickup' : to === 'drop' ? 'navigate_to_drop' : 'navigate_to_stop', { place, n })}
      data-testid={to === 'stop' ? `navigate-stop-${n}` : `navigate-${to}`}
    >
      {t('navigate')}
    </Button>
  );
}
