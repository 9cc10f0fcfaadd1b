import Box, { type BoxProps } from '@cloudscape-design/components/box';
import Icon, { type IconProps } from '@cloudscape-design/components/icon';
import type { StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';

const LOOK: Record<Exclude<StatusIndicatorProps.Type, 'loading'>, { name: IconProps.Name; variant: IconProps.Variant; color: BoxProps.Color }> = {
  success: { name: 'status-positive', variant: 'success', color: 'text-status-success' },
  error: { name: 'status-negative', variant: 'error', color: 'text-status-error' },
  warning: { name: 'status-warning', variant: 'warning', color: 'text-status-warning' },
  info: { name: 'status-info', variant: 'link', color: 'text-status-info' },
  stopped: { name: 'status-stopped', variant: 'subtle', color: 'text-status-inactive' },
  pending: { name: 'status-pending', variant: 'subtle', color: 'text-status-inactive' },
  'in-progress': { name: 'status-in-progress', variant: 'subtle', color: 'text-status-inactive' },
  'not-started': { name: 'status-not-started', variant: 'subtle', color: 'text-status-inactive' },
  log: { name: 'dot', variant: 'subtle', color: 'text-status-inactive' },
};

/**
 * A status told in a sentence: Cloudscape's status icon and colour, with text that wraps between
 * words. StatusIndicator is made for a word or two and breaks its text anywhere, which cut words
 * in two ("Offered t|he booking", "the r|ecipient") in narrow table cells and columns on a phone.
 */
export function SentenceStatus({ type, children, testId }: { type: Exclude<StatusIndicatorProps.Type, 'loading'>; children: string; testId?: string }) {
  const look = LOOK[type];
  return (
    <span data-testid={testId}>
      <Icon name={look.name} variant={look.variant} /> <Box variant="span" color={look.color}>{children}</Box>
    </span>
  );
}
