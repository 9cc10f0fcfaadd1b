import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import type { ServerMessage } from '../../../shared/src/contract/ws';
import { pushNotifier } from '../adapters/notifier/push-notifier';
import { claims, devices, email, jobs, now, push, settings, siteUrl, sms, sosAlerts, tripLinks, users } from '../composition-root';
import { keys } from '../adapters/dynamodb/keys';
import { sendRecipientTripLink, type RecipientLinkDeps } from '../use-cases/send-recipient-trip-link';
import { textEmergencyContact } from '../use-cases/text-emergency-contact';
import { bookingRepository } from '../adapters/dynamodb/booking-repository';
import { connectionRepository } from '../adapters/dynamodb/connection-repository';
import { table } from '../adapters/dynamodb/repository';
import { closeConnection, postToConnection } from '../adapters/websocket/connections';
import { correlationIdOfItem, currentCorrelationId, withCorrelationId } from '../observability/correlation';
import { streamHandler } from '../observability/entry-points';
import { logger } from '../observability/logger';
import { metrics, MetricUnit } from '../observability/metrics';
import { accessRevoked, closeRevokedConnections, type CloseConnectionsDeps } from '../use-cases/close-revoked-connections';
import { fanOutChange, type FanOutDeps } from '../use-cases/fan-out-change';
import { retryingLater } from '../use-cases/retry-failed-pushes';
import { completedBookingId, sendReceipt, tippedCompleteBookingId, type SendReceiptDeps } from '../use-cases/send-receipt';

const DEDUP_TTL_SECONDS = 24 * 60 * 60;

/** Texts that carry a trip link: a parcel's recipient, an SOS raiser's emergency contact. */
const linkSms: RecipientLinkDeps = {
  claims, tripLinks, hash: keys.tripLinkHash, now, sms, siteUrl,
  appName: async () => (await settings.getApp())?.appName || 'Trip',
};

const deps: FanOutDeps = {
  subscribers: (topic) => connectionRepository.subscriptions(topic),
  async unsubscribe(connectionId, topic) {
    await connectionRepository.unsubscribe(connectionId, topic);
    logger.info('dropped a subscription that lost its right', { connectionId, topic });
  },
  // Consistent: a give-up or an accept just written must already count.
  booking: (id) => bookingRepository.get(id, { consistent: true }),
  // An event tells the browser which request caused it (the record's correlation id, in scope).
  post: (connectionId, message) => postToConnection(connectionId, withCorrelation(message)),
  forget: (id) => connectionRepository.remove(id),
  // A failed push is retried by a job, so it never holds up the records behind it on the stream.
  notifier: retryingLater({ jobs, now }, pushNotifier({ claims, devices, push })),
  async recipientTripLink(bookingId, to) {
    await sendRecipientTripLink(linkSms, bookingId, to);
  },
  async emergencyText(alertId) {
    await textEmergencyContact({ ...linkSms, users, sos: sosAlerts }, alertId);
  },
  async firstDelivery(eventId) {
    try {
      await table.put(
        { pk: `EVENT#${eventId}`, sk: 'EVENT', expiresAt: Math.floor(Date.now() / 1000) + DEDUP_TTL_SECONDS },
        { condition: 'attribute_not_exists(pk)' },
      );
      return true;
    } catch (e) {
      if ((e as { status?: number }).status === 409) return false;
      throw e;
    }
  },
};

const receipts: SendReceiptDeps = {
  booking: (id) => bookingRepository.get(id, { consistent: true }),
  settings: () => settings.getApp(),
  claims,
  get email() { return email(); },
  // The site's address for links sent outside the site, as the trip link's SMS uses it.
  get siteUrl() { return siteUrl(); },
};

const revocation: CloseConnectionsDeps = {
  connectionsOf: (uid) => connectionRepository.ofUser(uid),
  close: closeConnection,
  forget: (id) => connectionRepository.remove(id),
};

/**
 * Table stream consumer: WebSocket fan-out, push and receipt e-mails. Never changes state or money (see
 * docs/architecture.md). Each record runs under the correlation id of the request that wrote it.
 */
export const handler = streamHandler('fan-out', async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
  const batchItemFailures: { itemIdentifier: string }[] = [];
  for (const r of event.Records) {
    const pk = r.dynamodb?.Keys?.pk?.S;
    const sk = r.dynamodb?.Keys?.sk?.S;
    if (!pk || !sk || !r.eventID || !r.eventName) continue;
    const eventId = r.eventID;
    const change = r.eventName;
    const image = topLevelScalars(r.dynamodb?.NewImage ?? r.dynamodb?.OldImage);
    const before = change === 'MODIFY' ? topLevelScalars(r.dynamodb?.OldImage) : undefined;
    // A delete leaves nothing behind to carry an id (its old image names an earlier write): the record's own.
    const correlationId = correlationIdOfItem(change === 'REMOVE' ? undefined : image, eventId);
    await withCorrelationId(correlationId, async () => {
      try {
        await fanOutChange(deps, { eventId, change, pk, sk, image, before });
        // A trip closed: the rider's receipt by e-mail, once per booking (its own claim).
        const completed = completedBookingId({ change, pk, sk, image, before });
        if (completed) await sendReceipt(receipts, completed);
        // A completed trip tipped: the receipt again, with the tip (a claim of its own).
        const tipped = tippedCompleteBookingId({ change, pk, sk, image, before });
        if (tipped) await sendReceipt(receipts, tipped, 'tip');
        // After the user's own event, so an open page hears why its socket closes.
        const revoked = revokedUser(r, pk, sk);
        if (revoked) {
          const closed = await closeRevokedConnections(revocation, revoked);
          if (closed) logger.info('closed the connections of a revoked account', { uid: revoked, closed });
        }
        countMilestone(r, pk, sk);
      } catch (error) {
        logger.error('fan-out failed', { eventId, error: error as Error });
        batchItemFailures.push({ itemIdentifier: r.dynamodb?.SequenceNumber ?? eventId });
      }
    });
  }
  return { batchItemFailures };
});

/** The user whose deletion, lost approval, new group or ended sessions this record is, if it is one. */
function revokedUser(r: DynamoDBRecord, pk: string, sk: string): string | undefined {
  const user = /^USER#(.+)$/.exec(pk);
  if (!user || sk !== 'PROFILE' || !r.eventName) return undefined;
  const before = topLevelScalars(r.dynamodb?.OldImage as never);
  const after = topLevelScalars(r.dynamodb?.NewImage as never);
  return accessRevoked(r.eventName, before, after) ? user[1] : undefined;
}

function withCorrelation(message: ServerMessage): ServerMessage {
  const correlationId = currentCorrelationId();
  return message.type === 'event' && correlationId ? { ...message, correlationId } : message;
}

/**
 * Business metrics, read off the booking's own changes so every path that makes them (rider,
 * admin, jobs) is counted in one place. A record delivered twice counts twice: these are trends,
 * not ledgers.
 */
function countMilestone(r: DynamoDBRecord, pk: string, sk: string): void {
  if (!pk.startsWith('BOOKING#') || sk !== 'BOOKING') return;
  if (r.eventName === 'INSERT') return void metrics.addMetric('BookingsCreated', MetricUnit.Count, 1);
  const before = r.dynamodb?.OldImage?.status?.S;
  const after = r.dynamodb?.NewImage?.status?.S;
  if (r.eventName !== 'MODIFY' || before === after) return;
  if (after === 'PAID') metrics.addMetric('BookingsPaid', MetricUnit.Count, 1);
  if (after === 'CANCELLED') metrics.addMetric('BookingsCancelled', MetricUnit.Count, 1);
}

/**
 * A stream attribute as plain data: strings, numbers, flags, maps and lists (what a message's
 * values hold). Written here rather than taken from the SDK's unmarshall, whose import alone cost
 * this function a fifth more start-up time.
 */
type StreamAttribute = { S?: string; N?: string; BOOL?: boolean; NULL?: boolean; M?: Record<string, StreamAttribute>; L?: StreamAttribute[] };
function plainOf(a: StreamAttribute | undefined): unknown {
  if (!a) return undefined;
  if (a.S !== undefined) return a.S;
  if (a.N !== undefined) return Number(a.N);
  if (a.BOOL !== undefined) return a.BOOL;
  if (a.M) return Object.fromEntries(Object.entries(a.M).map(([k, v]) => [k, plainOf(v)]));
  if (a.L) return a.L.map(plainOf);
  return null;
}

/**
 * The item's top-level strings, numbers and booleans: all the fan-out reads (who a change concerns,
 * a message's text), a booking's `requestedDrivers` (a map of flags: drivers holding an offer
 * may follow the booking) and a message's `values` (each reader words the message from them).
 * Other nested values are skipped, which also sidesteps stream readers
 * that hand an empty map over as a bare `{}` (an empty offer list, then).
 */
function topLevelScalars(raw: Record<string, StreamAttribute> | undefined): Record<string, unknown> | undefined {
  if (!raw) return undefined;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw)) {
    if (v?.S !== undefined) out[k] = v.S;
    else if (v?.N !== undefined) out[k] = Number(v.N);
    else if (v?.BOOL !== undefined) out[k] = v.BOOL;
    else if (k === 'requestedDrivers') out[k] = Object.fromEntries(Object.entries(v?.M ?? {}).filter(([, f]) => f?.BOOL === true).map(([d]) => [d, true]));
    else if (k === 'values' && v?.M) out[k] = plainOf(v);
  }
  return out;
}
