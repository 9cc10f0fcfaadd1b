import type { AnyRoute } from '../../shared/src/contract/route';

/**
 * What a route's Lambda may touch beyond the table (which every handler reads and writes).
 * Grants are listed per operation, so that reading one's profile cannot create users and a catalog
 * handler cannot publish pushes. A route not listed gets the table only: when a handler starts
 * calling another service, add its operationId here (or the IAM call fails with AccessDenied).
 */
export type Capability =
  /** Cognito admin calls: create users, set groups and passwords, list users. */
  | 'userAdmin'
  /** Cognito AdminUserGlobalSignOut only: ending a user's sessions revokes their refresh tokens. */
  | 'signOutUsers'
  /** Amazon Location: place suggestions for typed text. */
  | 'geoSuggest'
  /** Amazon Location: a suggested place's coordinates. */
  | 'geoPlace'
  /** Amazon Location: reverse geocoding. */
  | 'geoReverse'
  /** Amazon Location: routes and drive times. */
  | 'geoRoute'
  /** Timer jobs: the jobs queue (SendMessage) and one-time EventBridge schedules. */
  | 'jobs'
  /**
   * The uploads bucket (profile images, licences, pickup/delivery photos): presign POST forms, GET,
   * and the parts of multipart uploads (create, part, complete, abort, list parts); list a prefix.
   */
  | 'uploads'
  /** Push to device endpoints of the stage's platform applications (publish, read, re-enable, delete). */
  | 'push'
  /** Create a device's platform endpoint (device registration). */
  | 'pushRegister'
  /** Read the payment secrets (the test gateway's signing key, the Stripe keys) that are switched on. */
  | 'paymentSecrets'
  /** Read the Web Push VAPID keys (the public half is handed to browsers). */
  | 'webPushKeys';

/** Areas whose every route needs a capability. */
const BY_AREA: Readonly<Record<string, readonly Capability[]>> = {};

/** Spec operation names (architecture §3) that are expected to need more than the table. */
const BY_OPERATION: Readonly<Record<string, readonly Capability[]>> = {
  // Sign-up creates the Cognito user and checks the uploaded licence (HeadObject).
  userSignup: ['userAdmin', 'uploads'],
  createSignupUploadUrl: ['uploads'],
  // Large files in parts: presign the parts, complete or abort the multipart upload.
  createSignupUploadParts: ['uploads'],
  completeSignupUpload: ['uploads'],
  abortSignupUpload: ['uploads'],
  createProfileImageUploadUrl: ['uploads'],
  setProfileImage: ['uploads'],
  setLicenceImage: ['uploads'],
  fetchLicenceImage: ['uploads'],
  // Driver documents: links to the private images, and a submission's HeadObject of its upload.
  fetchDriverDocuments: ['uploads'],
  submitDriverDocument: ['uploads'],
  reviewDriverDocument: ['uploads'],
  // A deleted user's push devices lose their endpoints too.
  deleteAccount: ['userAdmin', 'push'],
  addUser: ['userAdmin'],
  deleteUser: ['userAdmin', 'push'],
  // Ending sessions (sign-out, approval taken away) revokes the user's refresh tokens.
  signOut: ['signOutUsers'],
  setUserApproval: ['signOutUsers'],
  getEstimate: ['geoRoute'],
  // The route for the fare, and the timers of dispatch rounds and Book Later.
  addBooking: ['geoRoute', 'jobs'],
  getRoute: ['geoRoute'],
  getDriveTime: ['geoRoute'],
  getAddress: ['geoReverse'],
  autocomplete: ['geoSuggest'],
  getCoords: ['geoPlace'],
  createUploadUrl: ['uploads'],
  // Car type images: presign the upload, then HeadObject (s3:GetObject) checks it on save.
  createCarTypeImageUploadUrl: ['uploads'],
  addCarType: ['uploads'],
  updateCarType: ['uploads'],
  // Devices: an endpoint per token; a moved or removed token's old endpoint is deleted.
  registerDevice: ['pushRegister', 'push'],
  unregisterDevice: ['push'],
  fetchWebPushKey: ['webPushKeys'],
  sendNotification: ['push'],
  // The first batch of a broadcast goes on the jobs queue.
  broadcastNotification: ['jobs'],
  // Decline and give-up put the next dispatch round on the timer at once.
  declineBooking: ['jobs'],
  releaseBooking: ['jobs'],
  // The fare on the driven route and the drop's address.
  reachBooking: ['geoRoute', 'geoReverse'],
  // A failed delivery prices the return to the sender on the route service (drop back to pickup).
  failDelivery: ['geoRoute'],
  // The driver's time to the pickup or the drop.
  fetchTracking: ['geoRoute'],
  // A shared trip's time to the pickup or the drop.
  fetchSharedTrip: ['geoRoute'],
  createTripPhotoUploadUrl: ['uploads'],
  createTripPhotoUploadParts: ['uploads'],
  completeTripPhotoUpload: ['uploads'],
  abortTripPhotoUpload: ['uploads'],
  setTripPhoto: ['uploads'],
  // Trip photos are private: lists and details carry short-lived read links.
  fetchBooking: ['uploads'],
  fetchBookings: ['uploads'],
  // A provider's checkout (Stripe's session) and the verification of its confirmations; a
  // confirmed PAYMENT_PENDING booking starts dispatch on the timer.
  checkout: ['paymentSecrets'],
  confirmPayment: ['paymentSecrets', 'jobs'],
  // The test gateway signs its confirmation and delivers it to the confirmation use case.
  decideGatewayPayment: ['paymentSecrets', 'jobs'],
};

export function capabilitiesOf(route: Pick<AnyRoute, 'area' | 'operationId'>): Capability[] {
  return [...new Set([...(BY_AREA[route.area] ?? []), ...(BY_OPERATION[route.operationId] ?? [])])];
}

/**
 * Routes that only read the table, given exactly the actions they use instead of the handlers'
 * read-write grant, on the table itself (no index, no write).
 */
const READ_ONLY_TABLE: Readonly<Record<string, readonly string[]>> = {
  // The public read of a shared trip: its link, booking and the driver's profile by key, the
  // latest tracking point by one query (no caller, so no admission reads).
  fetchSharedTrip: ['dynamodb:GetItem', 'dynamodb:Query'],
  // Admission (profile and settings, one batch), one Query of the booking's story items, and a Get
  // only to tell an empty story from no booking.
  fetchDispatchStory: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'],
  // Admission, and one Query of the areas' partition.
  fetchServiceAreas: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'],
  // Admission, and the driver's profile by key (documents live on it).
  fetchDriverDocuments: ['dynamodb:GetItem', 'dynamodb:BatchGetItem'],
};

export function readOnlyTableActions(route: Pick<AnyRoute, 'operationId'>): readonly string[] | undefined {
  return READ_ONLY_TABLE[route.operationId];
}

/**
 * Read-only routes that also read an index: exactly these actions on the table itself, and Query
 * alone on the indexes named.
 */
const READ_ONLY_INDEXED: Readonly<Record<string, { table: readonly string[]; indexes: readonly string[] }>> = {
  // The reviewers' document queues: admission (one batch), a Query of the queue's partition (an
  // admin) or of the fleet's entries through gsi1 (a fleet admin), and one batch of the drivers
  // the page names.
  fetchDocumentQueue: { table: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'], indexes: ['gsi1'] },
  // Admission, and one Query: of the SOS partition (an admin) or of a fleet's alerts through gsi1 (a fleet admin).
  fetchSosAlerts: { table: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'], indexes: ['gsi1'] },
};

export function indexedReadActions(route: Pick<AnyRoute, 'operationId'>): { table: readonly string[]; indexes: readonly string[] } | undefined {
  return READ_ONLY_INDEXED[route.operationId];
}

/**
 * Routes that read and write only items they name by key (no query, no index, no batch write):
 * exactly these actions, on the table itself. A transaction needs the action of each of its items.
 */
const KEYED_TABLE: Readonly<Record<string, readonly string[]>> = {
  // A wallet tip: admission (profile, settings, booking, idempotency record: one batch), the
  // Idempotency-Key's record (get, put, delete), a consistent re-read of the booking after a lost
  // race, and one transaction of puts (booking, ledger entries and claims, message) and updates
  // (wallets, earnings).
  addTip: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:ConditionCheckItem'],
  // Service areas: admission (one batch), then the area by key: a transaction of its put and the
  // count's update (add), a consistent get and a transaction of its conditional put and the
  // revision's update (update), a transaction of its delete and the count's update (delete).
  addServiceArea: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
  updateServiceArea: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
  deleteServiceArea: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:DeleteItem', 'dynamodb:UpdateItem'],
  // A stop reached: admission (profile, settings, booking, the driver's state: one batch), a
  // consistent re-read of the booking after a refusal or a lost race, and one transaction of two
  // puts (the booking on its version, the tracking point).
  reachStop: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:PutItem'],
  // Driver documents: admission, then one transaction updating the profile and moving the
  // document's review-queue entries (the replaced record's deleted, the new one's put).
  submitDriverDocument: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:UpdateItem', 'dynamodb:PutItem', 'dynamodb:DeleteItem'],
  // Proof of delivery: admission (one batch), the code's attempt counter (a consistent get, an
  // update that adds a wrong guess), a consistent re-read of the booking after a refusal or a lost
  // race, and one transaction of puts (the booking on its version, the sender's message).
  proveDelivery: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
  // The return done: admission (booking, driver state: one batch), a consistent re-read after a
  // refusal or a lost race, one transaction of puts (booking, tracking point, the sender's message)
  // and the driver state's update (it lets go of the booking: the drive back is over).
  returnDelivery: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
  // A review: admission, the driver's profile and state by key, one transaction: the profile's
  // update, the review-queue entries' moves, the messages' puts, and when it sets the driver
  // offline the state's update and the roster and index entries' deletes.
  reviewDriverDocument: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:UpdateItem', 'dynamodb:PutItem', 'dynamodb:DeleteItem'],
};

export function keyedTableActions(route: Pick<AnyRoute, 'operationId'>): readonly string[] | undefined {
  return KEYED_TABLE[route.operationId];
}
