import { createHash } from 'node:crypto';

/**
 * The only place that spells a key. See docs/architecture.md, "Key design".
 */
const sosFleetPk = (fleetUid: string) => `SOS#FLEET#${fleetUid}`;

export const keys = {
  userProfile: (uid: string) => ({ pk: `USER#${uid}`, sk: 'PROFILE' }),
  usersByType: (usertype: string, createdAt: string, uid: string) => ({
    gsi1pk: `USERS#${usertype}`,
    gsi1sk: `${createdAt}#${uid}`,
  }),
  usersByTypePk: (usertype: string) => `USERS#${usertype}`,
  /** A user type's profiles by searchable name (gsi4; see domain/user-search): the admins' type-ahead is a prefix query. */
  usersByName: (usertype: string, name: string, uid: string) => ({ gsi4pk: `USERNAME#${usertype}`, gsi4sk: `${name}#${uid}` }),
  usersByNamePk: (usertype: string) => `USERNAME#${usertype}`,
  fleetDrivers: (fleetUid: string, createdAt: string, uid: string) => ({
    gsi2pk: `FLEET#${fleetUid}`,
    gsi2sk: `${createdAt}#${uid}`,
  }),
  /** Drivers by car type name (gsi3, drivers only): a car type in use cannot be renamed or deleted. */
  driversByCarType: (carType: string, uid: string) => ({ gsi3pk: `DRIVERS#CARTYPE#${carType.trim().toLowerCase()}`, gsi3sk: uid }),
  driversByCarTypePk: (carType: string) => `DRIVERS#CARTYPE#${carType.trim().toLowerCase()}`,
  fleetDriversPk: (fleetUid: string) => `FLEET#${fleetUid}`,
  emailClaim: (email: string) => ({ pk: `EMAIL#${email.trim().toLowerCase()}`, sk: 'CLAIM' }),
  mobileClaim: (e164: string) => ({ pk: `MOBILE#${e164}`, sk: 'CLAIM' }),
  referralClaim: (referralId: string) => ({ pk: `REFERRAL#${referralId.toLowerCase()}`, sk: 'CLAIM' }),
  catalogPk: 'CATALOG',
  carType: (id: string) => ({ pk: 'CATALOG', sk: `CARTYPE#${id}` }),
  carTypePrefix: 'CARTYPE#',
  cancelReason: (n: number) => ({ pk: 'CATALOG', sk: `CANCELREASON#${String(n).padStart(4, '0')}` }),
  cancelReasonPrefix: 'CANCELREASON#',
  /** Version counter of the reason list; sorts after the reasons, so one query reads both. */
  cancelReasonsMeta: () => ({ pk: 'CATALOG', sk: 'CANCELREASON~META' }),
  cancelReasonFamily: 'CANCELREASON',
  carTypeNameClaim: (name: string) => ({ pk: `CARTYPENAME#${name.trim().toLowerCase()}`, sk: 'CLAIM' }),
  promo: (id: string) => ({ pk: 'CATALOG', sk: `PROMO#${id}` }),
  promoPrefix: 'PROMO#',
  promoNameClaim: (name: string) => ({ pk: `PROMONAME#${name.trim().toLowerCase()}`, sk: 'CLAIM' }),
  settingsPk: 'SETTINGS',
  appSettings: () => ({ pk: 'SETTINGS', sk: 'APP' }),
  language: (code: string) => ({ pk: 'SETTINGS', sk: `LANG#${code}` }),
  languagePrefix: 'LANG#',
  provider: (name: string) => ({ pk: 'SETTINGS', sk: `PROVIDER#${name}` }),
  providerPrefix: 'PROVIDER#',
  outboxMessage: (at: string, id: string) => ({ pk: 'OUTBOX', sk: `${at}#${id}` }),
  connection: (id: string) => ({ pk: `CONN#${id}`, sk: 'CONN' }),
  subscription: (topic: string, connectionId: string) => ({ pk: `TOPIC#${topic}`, sk: `CONN#${connectionId}` }),
  topicPk: (topic: string) => `TOPIC#${topic}`,
  /** A user's open connections, so revoking the user's access can close them. */
  userConnection: (uid: string, connectionId: string) => ({ pk: `USERCONN#${uid}`, sk: `CONN#${connectionId}` }),
  userConnectionsPk: (uid: string) => `USERCONN#${uid}`,

  booking: (id: string) => ({ pk: `BOOKING#${id}`, sk: 'BOOKING' }),
  /** Index sort key of a booking: trip date (13 digits, so text order is time order), then id. */
  bookingSort: (tripdate: number, id: string) => `${String(Math.max(0, Math.floor(tripdate))).padStart(13, '0')}#${id}`,
  bookingsByCustomerPk: (uid: string) => `CUSTOMER#${uid}`,
  bookingsByDriverPk: (uid: string) => `DRIVER#${uid}`,
  /** Every booking, partitioned by the trip date's year (UTC), so no single index partition takes every write forever. */
  bookingsByYearPk: (year: number) => `BOOKINGS#${year}`,
  bookingsByFleetPk: (uid: string) => `FLEET#${uid}`,
  offer: (driverUid: string, bookingId: string) => ({ pk: `USER#${driverUid}`, sk: `OFFER#${bookingId}` }),
  offerPrefix: 'OFFER#',
  userPk: (uid: string) => `USER#${uid}`,
  /** A driver's presence: online flag mirror, last location, where the geo index holds them. */
  driverState: (uid: string) => ({ pk: `USER#${uid}`, sk: 'DRIVER' }),
  /** Geo index: partition by 4-character geohash (~39x20 km), sort by 5-character cell (~5x5 km) then driver. */
  geoEntry: (cell5: string, uid: string) => ({ pk: `GEO#${cell5.slice(0, 4)}`, sk: `${cell5}#${uid}` }),
  geoPk: (cell4: string) => `GEO#${cell4}`,
  /**
   * The online roster (dashboard map): one entry per online driver, written by going online and
   * refreshed by the ping heartbeat; a fleet's drivers also under gsi1 `ONLINE#FLEET#<fleetUid>`.
   */
  rosterEntry: (uid: string) => ({ pk: 'ONLINE', sk: `DRIVER#${uid}` }),
  rosterPk: 'ONLINE',
  rosterByFleet: (fleetUid: string, uid: string) => ({ gsi1pk: `ONLINE#FLEET#${fleetUid}`, gsi1sk: uid }),
  rosterByFleetPk: (fleetUid: string) => `ONLINE#FLEET#${fleetUid}`,
  /** Demand per day (UTC) and 5-character geohash cell of the pickup: bookings and unserved requests. */
  demandCell: (day: string, cell5: string) => ({ pk: `DEMAND#${day}`, sk: cell5 }),
  demandPk: (day: string) => `DEMAND#${day}`,
  /** addBooking's own record of the booking a key made, written in the booking's transaction (a second net under the request record). */
  idempotency: (uid: string, key: string) => ({ pk: `IDEMPOTENCY#${uid}#${key}`, sk: 'IDEMPOTENCY' }),
  /**
   * Guessing limits: a counter per kind and subject (a phone number, a booking, a client address),
   * one item per window (its start, 13 digits). The subject is hashed: phone numbers and addresses
   * are personal, and a forged header must not make a huge key.
   */
  attempts: (kind: string, subject: string, windowStartMs: number) => ({
    pk: `ATTEMPTS#${kind}#${createHash('sha256').update(subject).digest('base64url').slice(0, 32)}`,
    sk: `WINDOW#${String(Math.max(0, Math.floor(windowStartMs))).padStart(13, '0')}`,
  }),
  /** The HTTP middleware's record of a request sent with an Idempotency-Key: its state, request hash and first answer. */
  idempotentRequest: (uid: string, key: string) => ({ pk: `IDEMPOTENCY#${uid}#${key}`, sk: 'REQUEST' }),
  /** A message the platform sent a user (their inbox), newest last in key order. */
  message: (uid: string, at: number, id: string) => ({ pk: `USER#${uid}`, sk: `MSG#${String(at).padStart(13, '0')}#${id}` }),
  messagePrefix: 'MSG#',
  /** Spec §3 Tracking point: under its booking, in time order, so the latest is one reversed query of one item. */
  trackingPoint: (bookingId: string, at: number, id: string) => ({ pk: `BOOKING#${bookingId}`, sk: `TRACK#${String(at).padStart(13, '0')}#${id}` }),
  trackingPrefix: 'TRACK#',
  /** Spec §3 Chat message, under its booking in time order. */
  chatMessage: (bookingId: string, at: number, id: string) => ({ pk: `BOOKING#${bookingId}`, sk: `CHAT#${String(at).padStart(13, '0')}#${id}` }),
  chatPrefix: 'CHAT#',
  bookingPk: (id: string) => `BOOKING#${id}`,
  /**
   * The dispatch story under its booking: one item per round, one per event, each in time order
   * (padded). A round is keyed by its time too: a trip given up sends the booking back to round 1,
   * and that second round 1 is a new chapter of the story, not a rewrite of the first.
   */
  dispatchRound: (bookingId: string, round: number, at: number) => ({ pk: `BOOKING#${bookingId}`, sk: `DISPATCH#R#${String(at).padStart(13, '0')}#${String(round).padStart(4, '0')}` }),
  dispatchEvent: (bookingId: string, at: number, kind: string, who: string) => ({ pk: `BOOKING#${bookingId}`, sk: `DISPATCH#E#${String(at).padStart(13, '0')}#${kind}#${who}` }),
  dispatchPrefix: 'DISPATCH#',
  /** A document expiry reminder sent: one per driver, document, expiry day and threshold (14 or 3 days), put with attribute_not_exists. */
  documentReminder: (uid: string, type: string, expiresOn: string, days: number) => ({ pk: `DOCREMINDER#${uid}#${type}#${expiresOn}#${days}`, sk: 'CLAIM' }),
  /**
   * A driver document's entry in a reviewers' queue (domain/document-queue): one partition per
   * queue, sorted by the queue's order, then driver and type; a fleet's drivers' entries also under
   * gsi1 (a driver's fleet never changes). Written in the document's own transaction.
   */
  documentQueueEntry: (queue: string, order: string, uid: string, type: string) => ({ pk: `DOCQUEUE#${queue.toUpperCase()}`, sk: `${order}#${uid}#${type}` }),
  documentQueueByFleet: (queue: string, order: string, uid: string, type: string, fleetUid: string) => ({
    gsi1pk: `DOCQUEUE#${queue.toUpperCase()}#FLEET#${fleetUid}`, gsi1sk: `${order}#${uid}#${type}`,
  }),
  documentQueuePk: (queue: string, fleetUid?: string) => `DOCQUEUE#${queue.toUpperCase()}${fleetUid ? `#FLEET#${fleetUid}` : ''}`,
  /** Sorts after every entry of that order (uids and types are letters, digits, - and _). */
  documentQueueThrough: (order: string) => `${order}#~`,
  /** SOS alerts, all in one partition (they are rare): the admins' list is one query, newest first (ids start with the time). */
  sosAlert: (id: string) => ({ pk: 'SOS', sk: `ALERT#${id}` }),
  sosPk: 'SOS',
  sosPrefix: 'ALERT#',
  /** A fleet's drivers' alerts, for its fleet admin (gsi1; the fleet is the trip's when raised). */
  sosAlertByFleet: (fleetUid: string, id: string) => ({ gsi1pk: sosFleetPk(fleetUid), gsi1sk: `ALERT#${id}` }),
  sosFleetPk,
  /** Service areas and fee zones, one small partition (at most MAX_AREAS): every estimate reads them with one Query; META counts them. */
  serviceArea: (id: string) => ({ pk: 'AREA', sk: `AREA#${id}` }),
  serviceAreaCount: () => ({ pk: 'AREA', sk: 'META' }),
  serviceAreaPk: 'AREA',
  serviceAreaPrefix: 'AREA#',
  /** A wallet history entry (spec §3), newest last in key order; the balance is the profile's walletBalance. */
  walletEntry: (uid: string, at: number, txRef: string) => ({ pk: `USER#${uid}`, sk: `WALLET#${String(at).padStart(13, '0')}#${txRef}` }),
  walletPrefix: 'WALLET#',
  /** Makes a txRef unique per wallet: a second movement with it fails its condition and changes nothing. */
  walletTxRef: (uid: string, txRef: string) => ({ pk: `TXREF#${uid}#${txRef}`, sk: 'CLAIM' }),
  /**
   * Earnings aggregates, added to by the PAID transaction: platform-wide and per fleet, by day and
   * month (dashboard cards, report rows), and per driver and month (driver earnings).
   */
  earnings: (scope: 'ALL' | `FLEET#${string}`, period: `DAY#${string}` | `MONTH#${string}` | `DRIVER#${string}`) => ({ pk: `EARNINGS#${scope}`, sk: period }),
  earningsPk: (scope: 'ALL' | `FLEET#${string}`) => `EARNINGS#${scope}`,
  /** A checkout the platform started (spec §4 Payment): what a provider's confirmation must match. */
  payment: (orderId: string) => ({ pk: `PAYMENT#${orderId}`, sk: 'PAYMENT' }),
  /** The built-in test gateway's own record of a payment it was asked to take. */
  gatewayPayment: (id: string) => ({ pk: `GATEWAYPAY#${id}`, sk: 'GATEWAYPAY' }),
  /** One promo per booking: the use is counted once, whatever retries happen. */
  promoUse: (promoId: string, bookingId: string) => ({ pk: `PROMOUSE#${promoId}#${bookingId}`, sk: 'CLAIM' }),
  /** A timer job where no queue service exists (the local cloud): due time first, so one query finds what is due. */
  job: (dueAt: number, id: string) => ({ pk: 'JOBS', sk: `${String(Math.max(0, Math.floor(dueAt))).padStart(13, '0')}#${id}` }),
  jobsPk: 'JOBS',
  /** The local cloud's first-start history: written before it plays, so it plays once per data directory. */
  demoHistory: () => ({ pk: 'LOCAL', sk: 'DEMO_HISTORY' }),
  /** Spec §3 Withdraw: a driver's request to be paid out. */
  withdraw: (id: string) => ({ pk: `WITHDRAW#${id}`, sk: 'WITHDRAW' }),
  /**
   * A request's index entries, each sorted by request date (13 digits) then id: every request for
   * admins (gsi1), the driver's own (gsi2), and admins' open or processed ones (gsi3, moved by completion).
   */
  withdrawIndexes: (uid: string, date: number, id: string, processed: boolean) => {
    const sort = `${String(Math.max(0, Math.floor(date))).padStart(13, '0')}#${id}`;
    return {
      gsi1pk: 'WITHDRAWS', gsi1sk: sort,
      gsi2pk: `WITHDRAWS#${uid}`, gsi2sk: sort,
      gsi3pk: processed ? 'WITHDRAWS~DONE' : 'WITHDRAWS~OPEN', gsi3sk: sort,
    };
  },
  withdrawsPk: 'WITHDRAWS',
  withdrawsByDriverPk: (uid: string) => `WITHDRAWS#${uid}`,
  withdrawsByStatePk: (processed: boolean) => (processed ? 'WITHDRAWS~DONE' : 'WITHDRAWS~OPEN'),
  /** Spec §3 Push notification, in the catalog. */
  notification: (id: string) => ({ pk: 'CATALOG', sk: `NOTIFICATION#${id}` }),
  notificationPrefix: 'NOTIFICATION#',
  /** Follow my trip: a share link by the hash of its token (the token itself is never stored), and a booking's current link of each audience. */
  tripLinkHash: (token: string) => createHash('sha256').update(token).digest('base64url'),
  tripLink: (tokenHash: string) => ({ pk: `TRIPLINK#${tokenHash}`, sk: 'TRIPLINK' }),
  bookingTripLink: (bookingId: string, audience: string) => ({ pk: `BOOKING#${bookingId}`, sk: `TRIPLINK#${audience}` }),
  /** A push token in keys: a fixed-length hash, never the token itself. */
  pushTokenHash: (token: string) => createHash('sha256').update(token).digest('base64url'),
  /** A user's push device, under the user (their devices are one query). */
  device: (uid: string, tokenHash: string) => ({ pk: `USER#${uid}`, sk: `DEVICE#${tokenHash}` }),
  devicePrefix: 'DEVICE#',
  /**
   * A device's index entries: its broadcast audience partition (gsi1, by user type and platform,
   * so a broadcast reads devices by type and never lists users) and, when it has one, its SNS
   * endpoint (gsi2, so the platform's "endpoint disabled" event finds it).
   */
  deviceIndexes: (usertype: string, platform: string, uid: string, tokenHash: string, endpointArn?: string) => ({
    gsi1pk: `PUSH#${usertype}#${platform}`, gsi1sk: `${uid}#${tokenHash}`,
    ...(endpointArn ? { gsi2pk: `PUSHENDPOINT#${endpointArn}`, gsi2sk: 'DEVICE' } : {}),
  }),
  pushAudiencePk: (usertype: string, platform: string) => `PUSH#${usertype}#${platform}`,
  pushEndpointPk: (endpointArn: string) => `PUSHENDPOINT#${endpointArn}`,
  /** Which user holds a push token: moved in the transaction that moves the device. */
  pushTokenClaim: (tokenHash: string) => ({ pk: `PUSHTOKEN#${tokenHash}`, sk: 'CLAIM' }),
  /** One delivery (a message or a broadcast) to one device: taken before the push, so it happens once. */
  pushClaim: (delivery: string, tokenHash: string) => ({ pk: `PUSHSENT#${delivery}#${tokenHash}`, sk: 'CLAIM' }),
} as const;
