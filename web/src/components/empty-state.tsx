import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The table empty and no-match slot (Cloudscape's empty-state pattern). */
export function EmptyState({ title, subtitle, action }: { title: string; subtitle?: string; action?: ReactNode }) {
  return (
    <Box textAlign="center" color="inherit">
      <Box variant="strong" textAlign="center" color="inherit">
        {title}
      </Box>
      {subtitle ? (
        <Box variant="p" padding={{ bottom: 's' }} color="inherit">
          {subtitle}
        </Box>
      ) : null}
      {action}
    </Box>
  );
}

/** The table no-match slot: the filter hides every row; offers to clear it. */
export function NoMatchState({ onClear }: { onClear: () => void }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      title={t('no_matches')}
      subtitle={t('no_matches_description')}
      action={<Button onClick={onClear}>{t('clear_filter')}</Button>}
    />
  );
}
