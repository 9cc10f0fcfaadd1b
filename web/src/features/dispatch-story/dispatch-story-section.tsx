import Box from '@cloudscape-design/components/box';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import type { StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import { useCallback } from 'react';
import type { DispatchStory } from '../../../../shared/src/contract/dispatch-story';
import { useApi } from '../../api/api-context';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { SentenceStatus } from '../../components/sentence-status';
import { useApiQuery } from '../../components/use-api-query';
import { useTopic } from '../../live/use-topic';
import type { BookingFormat } from '../booking/booking-format';

type Round = DispatchStory['rounds'][number];
type Entry = Round['entries'][number];

/** How each reason looks: offered in green, a driver's own no in red, the platform's rules in grey. */
const REASON_TYPE: Record<Entry['reason'], Exclude<StatusIndicatorProps.Type, 'loading'>> = {
  offered: 'success',
  declined: 'error',
  lapsed: 'warning',
  gave_trip_up: 'error',
  unavailable: 'stopped',
  offline: 'stopped',
  other_car_type: 'stopped',
  beyond_round_radius: 'pending',
  beyond_radius: 'stopped',
  asked_before: 'info',
  batch_full: 'pending',
  documents: 'stopped',
};

export function reasonText(f: BookingFormat, e: Pick<Entry, 'reason' | 'carType'>): string {
  return f.t(`story_reason_${e.reason}`, { carType: e.carType ?? '' });
}

/** The sentence that ends the story: who took it in which round, or who cancelled and why. */
export function outcomeText(f: BookingFormat, story: DispatchStory): string {
  const { t } = f;
  const o = story.outcome;
  if (o.kind === 'accepted') {
    const name = o.name || t('story_unknown_driver');
    return o.round ? t('story_outcome_accepted', { name, round: o.round }) : t('story_outcome_accepted_assigned', { name });
  }
  if (o.kind === 'cancelled') {
    if (o.by === 'system') return t(o.code === 'booking_not_taken_in_time' ? 'story_outcome_system_later' : 'story_outcome_system', { count: o.rounds ?? 0 });
    return t(o.by === 'admin' ? 'story_outcome_admin' : 'story_outcome_rider', { reason: o.reason ?? '' });
  }
  return t('story_outcome_open');
}

function RoundTable({ round, story, f }: { round: Round; story: DispatchStory; f: BookingFormat }) {
  const { t } = f;
  const dist = (v: number) => f.distance(v, story.distanceUnit);
  return (
    <Table<Entry>
      data-testid={`story-round-${round.round}`}
      variant="embedded"
      wrapLines
      items={round.entries}
      trackBy="driver"
      header={
        <Box variant="h4" padding={{ top: 's' }}>
          {t('story_round_header', { round: round.round, time: f.time(round.at), radius: dist(round.roundRadius), full: dist(round.radius) })}
          <Box variant="small" display="block" color="text-body-secondary">
            {t('story_seen', { count: round.seen })}
          </Box>
        </Box>
      }
      columnDefinitions={[
        { id: 'driver', header: t('story_col_driver'), cell: (e) => e.name || t('story_unknown_driver'), minWidth: 80 },
        // One word: it stays whole in the narrow column of a phone.
        { id: 'distance', header: <span style={{ whiteSpace: 'nowrap' }}>{t('story_col_distance')}</span>, cell: (e) => (e.distance === undefined ? '–' : dist(e.distance)), minWidth: 88 },
        {
          id: 'reason',
          header: t('story_col_reason'),
          cell: (e) => <SentenceStatus type={REASON_TYPE[e.reason]}>{reasonText(f, e)}</SentenceStatus>,
          minWidth: 120,
        },
      ]}
      empty={<Box color="text-body-secondary">{t('story_nobody_seen')}</Box>}
      footer={round.omitted > 0 ? <Box variant="small">{t('story_omitted', { count: round.omitted })}</Box> : undefined}
    />
  );
}

/** Declines, assignments, trips given up and offers left to lapse at the give-up, in time order, between the rounds. */
function eventLines(f: BookingFormat, story: DispatchStory): { at: number; text: string }[] {
  const { t } = f;
  const name = (n?: string) => n || t('story_unknown_driver');
  return story.events.flatMap((e) => {
    if (e.kind === 'declined') return [{ at: e.at, text: t('story_event_declined', { name: name(e.name) }) }];
    if (e.kind === 'assigned') return [{ at: e.at, text: t('story_event_assigned', { name: name(e.name) }) }];
    if (e.kind === 'released') return [{ at: e.at, text: t('story_event_released', { name: name(e.name) }) }];
    if (e.kind === 'cancelled' && e.by === 'system') return (e.openOffers ?? []).map((o) => ({ at: e.at, text: t('story_event_lapsed_at_end', { name: name(o.name) }) }));
    return [];
  });
}

/**
 * Admins: why each driver near the pickup was or was not offered the booking, round by round, and
 * how it ended. The answer to "no driver found" on the booking's detail.
 */
export function DispatchStorySection({ id, f, expanded, onChange }: { id: string; f: BookingFormat; expanded: boolean; onChange: (expanded: boolean) => void }) {
  const { t } = f;
  const api = useApi();
  const load = useCallback((signal: AbortSignal) => api.fetchDispatchStory({ params: { id } }, { signal }), [api, id]);
  const { data: story, error, loading, reload } = useApiQuery(load);
  useTopic(`booking/${id}`, reload);
  const recorded = story && (story.rounds.length > 0 || story.events.length > 0);
  return (
    <ExpandableSection
      variant="container"
      headerText={t('story_title')}
      headerDescription={story && recorded ? outcomeText(f, story) : undefined}
      expanded={expanded}
      onChange={({ detail }) => onChange(detail.expanded)}
      data-testid="dispatch-story"
    >
      <SpaceBetween size="s">
        <LoadErrorAlert error={error} onRetry={reload} />
        {loading && !story ? <Spinner size="normal" /> : null}
        {story && !recorded ? <Box color="text-body-secondary">{t('story_none')}</Box> : null}
        {story && recorded ? (
          <>
            {[
              ...story.rounds.map((r) => ({ at: r.at, node: <RoundTable key={`r${r.round}`} round={r} story={story} f={f} /> })),
              ...eventLines(f, story).map((l, i) => ({
                at: l.at,
                node: (
                  <Box key={`e${i}`} data-testid="story-event">
                    {f.time(l.at)} · {l.text}
                  </Box>
                ),
              })),
            ]
              .sort((a, b) => a.at - b.at)
              .map((x) => x.node)}
            <Box variant="strong" data-testid="story-outcome">
              {outcomeText(f, story)}
            </Box>
            <Box variant="small" color="text-body-secondary">
              {t('story_hidden_drivers')}
            </Box>
          </>
        ) : null}
      </SpaceBetween>
    </ExpandableSection>
  );
}
