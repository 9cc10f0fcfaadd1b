import type { DevicePlatform } from '../../../shared/src/contract/notifications';

/** A user's registered device (spec §3 User pushToken / userPlatform), as the device index holds it. */
export interface PushDevice {
  uid: string;
  /** The user type when the device was registered (rider, driver, …): its broadcast partition. */
  usertype: string;
  token: string;
  platform: DevicePlatform;
  /** Where the platform reaches it (an SNS platform endpoint in AWS); none where pushes stay in the outbox. */
  endpointArn?: string;
  /** The language the app shows (a BCP 47 tag, as registered): its pushes are worded in it. */
  language?: string;
  updatedAt: string;
}

export interface PushPayload {
  title: string;
  body: string;
  /** Small key/value data the app reads (kind, bookingId, notificationId). */
  data?: Record<string, string>;
}

/**
 * `gone`: the platform says the device no longer exists or is disabled (forget it);
 * `unreachable`: the device has no endpoint on this deployment (its platform has no credentials).
 */
export type PushOutcome = 'sent' | 'gone' | 'unreachable';

/**
 * Pushes to one device. SNS mobile push in AWS; the table outbox where nothing can leave (the
 * local cloud, LocalStack). The composition root picks one by configuration (`PUSH_DELIVERY`).
 */
export interface PushSender {
  /** Makes the device reachable (an SNS platform endpoint) and answers its address, if the adapter has one. */
  register(device: { token: string; platform: DevicePlatform; uid: string }): Promise<string | undefined>;
  /** Drops what `register` made; a missing endpoint is fine. */
  unregister(endpointArn: string): Promise<void>;
  send(device: PushDevice, payload: PushPayload): Promise<PushOutcome>;
  /** Whether the platform still delivers to an endpoint (false when disabled or deleted). */
  enabled(endpointArn: string): Promise<boolean>;
}

/** One device of a broadcast's audience partition, with the key the next page starts after. */
export interface DevicePage { items: PushDevice[]; next?: string }

export interface DeviceStore {
  get(token: string): Promise<PushDevice | undefined>;
  /**
   * Puts the device under `uid` (with the profile's pushToken and userPlatform), in one
   * transaction with removing it from `previous` (another user who held the token) when given.
   * 409 when the token's owner changed meanwhile.
   */
  save(device: PushDevice, previous?: PushDevice): Promise<void>;
  /** Removes the device (and the profile's pushToken when it names it). false when it was not there (or moved). */
  remove(device: PushDevice): Promise<boolean>;
  ofUser(uid: string): Promise<PushDevice[]>;
  byEndpoint(endpointArn: string): Promise<PushDevice | undefined>;
  /** A page of one audience partition (`usertype`, `platform`), in a stable order. */
  page(usertype: string, platform: DevicePlatform, opts: { cursor?: string; limit: number }): Promise<DevicePage>;
  count(usertype: string, platform: DevicePlatform): Promise<number>;
}

/**
 * Exactly-once pushes. A claim names one delivery (a message or a broadcast) to one device: taking
 * it succeeds once; a failed send releases it so a retry sends; a claim left `sending` by a run
 * that died is taken again once stale. A claim already settled answers its outcome, so a retried
 * batch still counts what an earlier attempt sent.
 */
export type ClaimState = 'taken' | 'sent' | 'failed' | 'busy';

export interface PushClaims {
  take(delivery: string, deviceToken: string): Promise<ClaimState>;
  settle(delivery: string, deviceToken: string, outcome: 'sent' | 'failed'): Promise<void>;
  release(delivery: string, deviceToken: string): Promise<void>;
}
