import type { OperationId } from '../../../shared/src/contract/routes';
import { api, DEMO, idToken } from './endpoints';
import { formBody, signedNotice } from './payments';

/** `rawBody` and `headers` carry what is not JSON: a form post, a provider's signed webhook. */
export interface Sample { path: string; body?: unknown; rawBody?: string; headers?: Record<string, string> }

const SF = { lat: 37.7749, lng: -122.4194, add: 'San Francisco, CA, US' };
const OAKLAND = { lat: 37.8044, lng: -122.2712, add: 'Oakland, CA, US' };

/** A valid Book Later request (no driver needed); `riderId` makes it valid for an admin too (a rider's is ignored). */
export async function sampleBooking(overrides: Record<string, unknown> = {}) {
  const rider = await api('GET', '/me', { token: await idToken(DEMO.rider) });
  return {
    pickup: SF, drop: OAKLAND, carTypeId: 'economy', bookLater: true, tripdate: Date.now() + 2 * 3600_000,
    instructionData: { deliveryPerson: 'Pat Receiver', deliveryPersonPhone: '555 123 4567' },
    riderId: rider.body.id, ...overrides,
  };
}

/**
 * A fee zone on East Antarctica's ice, where no test books: harmless to every other test's fares
 * (a service area would refuse their bookings, so the samples never draw one).
 */
export function sampleFeeZone(over: Record<string, unknown> = {}) {
  return {
    name: `Matrix zone ${unique()}`, kind: 'fee', fee: '1.50', feeLabel: 'Matrix fee', feeAppliesTo: 'pickup',
    polygon: [{ lat: -84, lng: 60 }, { lat: -84, lng: 60.1 }, { lat: -83.9, lng: 60.05 }], ...over,
  };
}

let matrixZone: string | undefined;
/** The matrix's own zone at its current version (made once per file). */
async function matrixFeeZone(): Promise<{ id: string; version: number }> {
  if (matrixZone) {
    const all = await api('GET', '/service-areas', { token: await idToken(DEMO.admin) });
    const found = (all.body.items as { id: string; version: number }[]).find((a) => a.id === matrixZone);
    if (found) return found;
  }
  const made = await freshFeeZone();
  matrixZone = made.id;
  return made;
}

async function freshFeeZone(): Promise<{ id: string; version: number }> {
  const res = await api('POST', '/service-areas', { token: await idToken(DEMO.admin), body: sampleFeeZone() });
  if (res.status !== 201) throw new Error(`could not draw a fee zone: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A fresh booking of rider1's, made by rider1. */
/** An alert id of the right shape that names no alert. */
const NO_SOS_ALERT = '0000000000000-000000000000';

async function freshBooking(): Promise<string> {
  const res = await api('POST', '/bookings', { token: await idToken(DEMO.rider), body: await sampleBooking() });
  if (res.status !== 201) throw new Error(`could not book: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id as string;
}

/** A share link of a fresh booking of rider1's. */
async function freshTripLink(): Promise<{ token: string; bookingPath: string }> {
  const bookingPath = `/bookings/${await freshBooking()}/trip-link`;
  const res = await api('POST', bookingPath, { token: await idToken(DEMO.rider), body: {} });
  if (res.status !== 201) throw new Error(`could not share: ${res.status} ${JSON.stringify(res.body)}`);
  return { token: res.body.token as string, bookingPath };
}

let counter = 0;
/** The day `days` after today (UTC), YYYY-MM-DD: an expiry the documents rule accepts in any operator zone. */
export const dayAfter = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

/** A fresh driver of the demo fleet (created by the fleet admin), for routes that change or delete a user. */
async function freshFleetDriver(): Promise<string> {
  const token = await idToken(DEMO.fleetadmin);
  const n = unique();
  const res = await api('POST', '/users', {
    token,
    body: { usertype: 'driver', firstName: 'Matrix', lastName: n, email: `matrix-${n}@example.com`, mobile: `+1999${String(Date.now()).slice(-7)}${counter % 10}`, password: 'Matrix123', carType: 'Economy' },
  });
  if (res.status !== 201) throw new Error(`could not create a driver: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id as string;
}

/** Valid car type fields with a fresh name. */
export function sampleCarType(name = `Matrix ${unique()}`) {
  return {
    name, base_fare: 3, rate_per_unit_distance: 1.25, rate_per_hour: 10, min_fare: 5, convenience_fees: 10, convenience_fee_type: 'percent',
    extra_info: 'made by a test', parcelTypes: [{ description: 'Box', amount: 2 }], options: [{ description: 'Fragile', amount: 1.5 }],
    cancelSlab: [{ minsDelayed: 5, amount: 2 }],
  };
}

/** Valid promo fields with a fresh name. */
export function samplePromo(name = `MATRIX${unique()}`.toUpperCase()) {
  return {
    promo_name: name, promo_description: 'Made by a test', promo_discount_type: 'percentage', promo_discount_value: 10,
    max_promo_discount_value: 5, min_order: 10, promo_validity: '2099-12-31', promo_usage_limit: 100,
  };
}

async function freshCarType(): Promise<{ id: string; version: number }> {
  const res = await api('POST', '/cartypes', { token: await idToken(DEMO.admin), body: sampleCarType() });
  if (res.status !== 201) throw new Error(`could not create a car type: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

async function freshPromo(): Promise<{ id: string; version: number }> {
  const res = await api('POST', '/promos', { token: await idToken(DEMO.admin), body: samplePromo() });
  if (res.status !== 201) throw new Error(`could not create a promo: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A licence upload above 5 MiB, started (so it has an upload id and no parts yet). */
const LARGE_LICENCE = 6 * 1024 * 1024;
async function startedLicenceUpload(): Promise<{ key: string; uploadId: string }> {
  const res = await api('POST', '/auth/signup/license-upload', { body: { contentType: 'image/jpeg', size: LARGE_LICENCE } });
  if (res.status !== 200 || res.body.method !== 'MULTIPART') throw new Error(`could not start an upload: ${res.status} ${JSON.stringify(res.body)}`);
  return { key: res.body.key, uploadId: res.body.uploadId };
}
const NO_UPLOAD = 'no-such-upload-0123456789';

async function cancelReasons(): Promise<{ items: { label: string; value: number }[]; version: number }> {
  return (await api('GET', '/cancelreasons', { token: await idToken(DEMO.admin) })).body;
}

/**
 * A valid request for every operation, used by the authorization matrix. A new route without an
 * entry here fails to compile, so no route escapes the matrix.
 */
export const sampleRequests: Record<OperationId, () => Promise<Sample>> = {
  getHealth: async () => ({ path: '/health' }),
  getOpenApi: async () => ({ path: '/openapi.json' }),
  fetchSettings: async () => ({ path: '/settings' }),
  getLanguages: async () => ({ path: '/languages' }),
  fetchCarTypes: async () => ({ path: '/cartypes' }),
  addCarType: async () => ({ path: '/cartypes', body: sampleCarType() }),
  updateCarType: async () => {
    const c = await freshCarType();
    return { path: `/cartypes/${c.id}`, body: { version: c.version, carType: sampleCarType() } };
  },
  deleteCarType: async () => {
    const c = await freshCarType();
    return { path: `/cartypes/${c.id}?version=${c.version}` };
  },
  createCarTypeImageUploadUrl: async () => ({ path: '/cartypes/image-upload-url', body: { contentType: 'image/png', size: 1000 } }),
  fetchCancelReasons: async () => ({ path: '/cancelreasons' }),
  addCancelReason: async () => ({ path: '/cancelreasons', body: { label: `Matrix ${unique()}`, version: (await cancelReasons()).version } }),
  updateCancelReason: async () => {
    const list = await cancelReasons();
    return { path: '/cancelreasons/0', body: { label: list.items[0]?.label ?? 'Other', version: list.version } };
  },
  // Adds a reason first, so the matrix leaves the list as it found it.
  deleteCancelReason: async () => {
    const list = await cancelReasons();
    const added = await api('POST', '/cancelreasons', { token: await idToken(DEMO.admin), body: { label: `Matrix ${unique()}`, version: list.version } });
    if (added.status !== 201) throw new Error(`could not add a reason: ${added.status} ${JSON.stringify(added.body)}`);
    return { path: `/cancelreasons/${added.body.items.length - 1}?version=${added.body.version}` };
  },
  fetchAllSettings: async () => ({ path: '/settings/all' }),
  // Saves the settings unchanged.
  editSettings: async () => {
    const { version, ...settings } = (await api('GET', '/settings/all', { token: await idToken(DEMO.admin) })).body;
    return { path: '/settings', body: { version, settings } };
  },
  getProviders: async () => ({ path: '/providers' }),
  fetchPromos: async () => ({ path: '/promos' }),
  addPromo: async () => ({ path: '/promos', body: samplePromo() }),
  updatePromo: async () => {
    const p = await freshPromo();
    return { path: `/promos/${p.id}`, body: { version: p.version, promo: samplePromo() } };
  },
  deletePromo: async () => {
    const p = await freshPromo();
    return { path: `/promos/${p.id}?version=${p.version}` };
  },
  userSignup: async () => {
    const n = unique();
    return { path: '/auth/signup', body: { firstName: 'Sam', lastName: 'Signup', email: `signup-${n}@example.com`, password: 'Secret123', dialCode: '+44', phone: `7${String(Date.now()).slice(-8)}${counter % 10}` } };
  },
  checkUserExists: async () => ({ path: '/auth/check-user-exists', body: { email: DEMO.rider } }),
  validateReferrer: async () => {
    const me = await api('GET', '/me', { token: await idToken(DEMO.rider) });
    return { path: '/auth/validate-referrer', body: { referralId: me.body.referralId } };
  },
  createSignupUploadUrl: async () => ({ path: '/auth/signup/license-upload', body: { contentType: 'image/jpeg', size: 1000 } }),
  createSignupUploadParts: async () => ({ path: '/auth/signup/license-upload/parts', body: { ...(await startedLicenceUpload()), size: LARGE_LICENCE, partNumbers: [1, 2] } }),
  completeSignupUpload: async () => ({ path: '/auth/signup/license-upload/complete', body: { key: (await startedLicenceUpload()).key, uploadId: NO_UPLOAD, parts: [{ partNumber: 1, etag: 'e' }] } }),
  abortSignupUpload: async () => ({ path: '/auth/signup/license-upload/abort', body: await startedLicenceUpload() }),
  fetchUser: async () => ({ path: '/me' }),
  updateProfile: async () => ({ path: '/me', body: { firstName: 'Same', lastName: 'Name' } }),
  createProfileImageUploadUrl: async () => ({ path: '/me/profile-image/upload-url', body: { contentType: 'image/png', size: 1000 } }),
  // Without an uploaded image the call is refused with 404, which still proves the role passed.
  setProfileImage: async () => ({ path: '/me/profile-image', body: {} }),
  // The matrix must not delete the demo accounts: a 401/403 check only, see `destructive`.
  deleteAccount: async () => ({ path: '/me' }),
  // Ends every session of the caller: the matrix checks only that the wrong roles are refused.
  signOut: async () => ({ path: '/me/sign-out' }),
  verifyLicense: async () => ({ path: '/me/license-check', body: {} }),
  fetchUsers: async () => ({ path: '/users?usertype=driver' }),
  addUser: async () => {
    const n = unique();
    return { path: '/users', body: { usertype: 'driver', firstName: 'Added', lastName: n, email: `added-${n}@example.com`, mobile: `+1888${String(Date.now()).slice(-7)}${counter % 10}`, password: 'Added1234', carType: 'Economy' } };
  },
  editUser: async () => ({ path: `/users/${await freshFleetDriver()}`, body: { vehicleNumber: 'EDIT-1' } }),
  updateDriverDetails: async () => ({ path: '/me/driver-details', body: { vehicleModel: 'Matrix' } }),
  setLicenceImage: async () => ({ path: '/me/licence-image', body: { key: `private/licences/1-${crypto.randomUUID()}` } }),
  // A driver of the demo fleet: the admin and its fleet admin reach it; another driver does not (404).
  fetchLicenceImage: async () => ({ path: `/users/${await freshFleetDriver()}/licence-image` }),
  // Driver documents: a fleet driver's list, a submission naming an upload that is not there, a review of a document never submitted.
  fetchDriverDocuments: async () => ({ path: `/users/${await freshFleetDriver()}/documents` }),
  submitDriverDocument: async () => ({ path: '/me/documents/insurance', body: { key: `private/licences/1-${crypto.randomUUID()}`, expiresOn: dayAfter(60) } }),
  reviewDriverDocument: async () => ({ path: `/users/${await freshFleetDriver()}/documents/insurance/review`, body: { decision: 'verified', version: 1 } }),
  fetchDocumentQueue: async () => ({ path: '/driver-documents?state=pending' }),
  setUserApproval: async () => ({ path: `/users/${await freshFleetDriver()}/approval`, body: { approved: true } }),
  deleteUser: async () => ({ path: `/users/${await freshFleetDriver()}` }),
  fetchMessages: async () => ({ path: '/me/messages' }),
  autocomplete: async () => ({ path: '/geo/autocomplete', body: { searchKeyword: 'San Fran' } }),
  getCoords: async () => {
    const found = await api('POST', '/geo/autocomplete', { token: await idToken(DEMO.rider), body: { searchKeyword: 'Oakland' } });
    return { path: '/geo/coords', body: { place_id: found.body.searchResults[0].place_id } };
  },
  getAddress: async () => ({ path: '/geo/address', body: { latlng: '37.7749,-122.4194' } }),
  getRoute: async () => ({ path: '/geo/route', body: { start: '37.7749,-122.4194', dest: '37.8044,-122.2712' } }),
  getDriveTime: async () => ({ path: '/geo/drive-time', body: { start: '37.7749,-122.4194', dest: '37.8044,-122.2712', waypoints: '37.79,-122.35' } }),
  getEstimate: async () => ({ path: '/bookings/estimate', body: { pickup: SF, drop: OAKLAND, carTypeId: 'economy' } }),
  checkAvailability: async () => ({ path: '/bookings/availability', body: { pickup: SF, carTypeId: 'economy' } }),
  addBooking: async () => ({ path: '/bookings', body: await sampleBooking() }),
  fetchBookings: async () => ({ path: '/bookings?limit=5' }),
  fetchBooking: async () => ({ path: `/bookings/${await freshBooking()}` }),
  fetchReceipt: async () => ({ path: `/bookings/${await freshBooking()}/receipt` }),
  cancelBooking: async () => ({ path: `/bookings/${await freshBooking()}/cancel`, body: { reason: 'Changed my mind' } }),
  fetchAssignableDrivers: async () => ({ path: `/bookings/${await freshBooking()}/assignable-drivers` }),
  fetchDispatchStory: async () => ({ path: `/bookings/${await freshBooking()}/dispatch` }),
  assignDriver: async () => {
    const driver = await api('GET', '/me', { token: await idToken(DEMO.driver) });
    return { path: `/bookings/${await freshBooking()}/assign`, body: { driverId: driver.body.id } };
  },
  fetchOffers: async () => ({ path: '/drivers/me/offers' }),
  fetchDriverPresence: async () => ({ path: '/drivers/me' }),
  setDriverAvailability: async () => ({ path: '/drivers/me/availability', body: { online: true } }),
  // Far from the demo city, so the matrix's pings do not put a driver in reach of other tests' bookings.
  updateDriverLocation: async () => ({ path: '/drivers/me/location', body: { lat: -45.87, lng: 170.5 } }),
  // The trip steps on a fresh booking of rider1's that no driver holds: the role passes and the
  // rules answer (see refusedByRule); the lifecycle tests walk the successful paths.
  acceptBooking: async () => ({ path: `/bookings/${await freshBooking()}/accept`, body: {} }),
  declineBooking: async () => ({ path: `/bookings/${await freshBooking()}/decline`, body: {} }),
  releaseBooking: async () => ({ path: `/bookings/${await freshBooking()}/release`, body: {} }),
  arriveBooking: async () => ({ path: `/bookings/${await freshBooking()}/arrive`, body: {} }),
  startTrip: async () => ({ path: `/bookings/${await freshBooking()}/start`, body: { otp: '12345' } }),
  reachBooking: async () => ({ path: `/bookings/${await freshBooking()}/reach`, body: {} }),
  reachStop: async () => ({ path: `/bookings/${await freshBooking()}/stops/reach`, body: { index: 0 } }),
  proveDelivery: async () => ({ path: `/bookings/${await freshBooking()}/delivery/proof`, body: { method: 'left_with', receivedBy: 'Doorman' } }),
  failDelivery: async () => ({ path: `/bookings/${await freshBooking()}/delivery/failure`, body: { reason: 'recipient_absent' } }),
  returnDelivery: async () => ({ path: `/bookings/${await freshBooking()}/delivery/return`, body: {} }),
  settleBooking: async () => ({ path: `/bookings/${await freshBooking()}/settle`, body: { method: 'cash' } }),
  payBooking: async () => ({ path: `/bookings/${await freshBooking()}/pay`, body: { method: 'wallet' } }),
  completeBooking: async () => ({ path: `/bookings/${await freshBooking()}/complete`, body: { rating: 5 } }),
  // A tip on a fresh booking of rider1's: the role passes and the rule answers (the trip is not paid yet).
  addTip: async () => ({ path: `/bookings/${await freshBooking()}/tip`, body: { amount: '2.00' } }),
  fetchTracking: async () => ({ path: `/bookings/${await freshBooking()}/tracking` }),
  createTripLink: async () => ({ path: `/bookings/${await freshBooking()}/trip-link`, body: {} }),
  // A link of rider1's to take back, and one to read (anyone may: the token is the credential).
  revokeTripLink: async () => ({ path: (await freshTripLink()).bookingPath }),
  fetchSharedTrip: async () => ({ path: `/shared-trips/${(await freshTripLink()).token}` }),
  // A fresh booking has no driver yet: its rider hears sos_trip_not_active, a driver that it does not exist (see refusedByRule).
  raiseSos: async () => ({ path: `/bookings/${await freshBooking()}/sos`, body: {} }),
  fetchSosAlerts: async () => ({ path: '/sos-alerts' }),
  acknowledgeSosAlert: async () => ({ path: `/sos-alerts/${NO_SOS_ALERT}/acknowledge`, body: {} }),
  closeSosAlert: async () => ({ path: `/sos-alerts/${NO_SOS_ALERT}/close`, body: { note: 'Called the rider: all well' } }),
  fetchServiceAreas: async () => ({ path: '/service-areas' }),
  addServiceArea: async () => ({ path: '/service-areas', body: sampleFeeZone() }),
  // One zone of the matrix's, edited again and again (the areas are few: at most 50).
  updateServiceArea: async () => {
    const area = await matrixFeeZone();
    return { path: `/service-areas/${area.id}`, body: { version: area.version, area: sampleFeeZone() } };
  },
  deleteServiceArea: async () => ({ path: `/service-areas/${(await freshFeeZone()).id}` }),
  // A US number, read in the caller's own country (every demo user's mobile is +1).
  setEmergencyContact: async () => ({ path: '/me/emergency-contact', body: { name: 'Sam Contact', phone: '415 555 0134' } }),
  clearEmergencyContact: async () => ({ path: '/me/emergency-contact' }),
  fetchChat: async () => ({ path: `/bookings/${await freshBooking()}/chat` }),
  sendChatMessage: async () => ({ path: `/bookings/${await freshBooking()}/chat`, body: { message: 'Hello' } }),
  createTripPhotoUploadUrl: async () => ({ path: `/bookings/${await freshBooking()}/photos/pickup_image/upload-url`, body: { contentType: 'image/jpeg', size: 1000 } }),
  createTripPhotoUploadParts: async () => ({ path: `/bookings/${await freshBooking()}/photos/pickup_image/upload-parts`, body: { uploadId: NO_UPLOAD, size: LARGE_LICENCE, partNumbers: [1] } }),
  completeTripPhotoUpload: async () => ({ path: `/bookings/${await freshBooking()}/photos/pickup_image/upload-complete`, body: { uploadId: NO_UPLOAD, parts: [{ partNumber: 1, etag: 'e' }] } }),
  abortTripPhotoUpload: async () => ({ path: `/bookings/${await freshBooking()}/photos/pickup_image/upload-abort`, body: { uploadId: NO_UPLOAD } }),
  setTripPhoto: async () => ({ path: `/bookings/${await freshBooking()}/photos/deliver_image`, body: {} }),
  fetchWallet: async () => ({ path: '/me/wallet' }),
  addToWallet: async () => ({ path: `/wallets/${await freshFleetDriver()}/credits`, body: { amount: '1.50' } }),
  checkout: async () => ({ path: '/payments/checkout', body: { kind: 'topup', amount: '5.00', provider: 'paypal' } }),
  fetchPayment: async () => ({ path: `/payments/${(await riderTopUp()).orderId}` }),
  // A genuine, signed "declined" for a fresh checkout: harmless, and accepted.
  confirmPayment: async () => {
    const c = await riderTopUp();
    const signed = signedNotice({ transaction_id: `gtx_${unique()}`, order_id: c.orderId, amount: c.fields.amount!, currency: c.fields.currency!, status: 'declined' });
    return { path: '/payments/webhooks/paypal', rawBody: signed.body, headers: signed.headers };
  },
  applyPromo: async () => {
    const res = await api('POST', '/promos', { token: await idToken(DEMO.admin), body: { ...samplePromo(), min_order: 0 } });
    return { path: `/bookings/${await freshBooking()}/promo`, body: { code: res.body.promo_name } };
  },
  fetchEarningsReport: async () => ({ path: '/earnings/report' }),
  fetchDriverEarnings: async () => ({ path: '/earnings/drivers?from=2020-01' }),
  fetchDashboard: async () => ({ path: '/dashboard' }),
  fetchActiveDrivers: async () => ({ path: '/dashboard/drivers' }),
  fetchDemand: async () => ({ path: '/dashboard/demand' }),
  testGatewayPay: async () => ({ path: '/payments/gateway/paypal', ...gatewayForm() }),
  fetchGatewayPayment: async () => ({ path: `/payments/gateway/payments/${await gatewayPaymentId()}` }),
  decideGatewayPayment: async () => ({ path: `/payments/gateway/payments/${await gatewayPaymentId()}`, body: { decision: 'decline' } }),
  // driver1 is credited the cent it then asks to withdraw, so the request is covered whatever its balance.
  requestWithdraw: async () => {
    await creditDemoDriver(1);
    return { path: '/withdraws', body: { amount: '0.01', ...SAMPLE_BANK } };
  },
  fetchWithdraws: async () => ({ path: '/withdraws?limit=5' }),
  completeWithdraw: async () => ({ path: `/withdraws/${await freshWithdraw()}/complete` }),
  // One token for every caller: each registration moves it to the caller (a move is a success too).
  registerDevice: async () => ({ path: '/me/device', body: { pushToken: MATRIX_PUSH_TOKEN, userPlatform: 'ANDROID' } }),
  unregisterDevice: async () => ({ path: `/me/device?pushToken=${MATRIX_PUSH_TOKEN}` }),
  fetchWebPushKey: async () => ({ path: '/me/device/web-push-key' }),
  sendNotification: async () => {
    const res = await api('PUT', '/me/device', { token: await idToken(DEMO.rider2), body: { pushToken: MATRIX_SEND_TOKEN, userPlatform: 'IOS' } });
    if (res.status !== 200) throw new Error(`could not register a device: ${res.status} ${JSON.stringify(res.body)}`);
    return { path: '/push-messages', body: { token: MATRIX_SEND_TOKEN, title: 'Matrix', body: 'A push from the matrix' } };
  },
  fetchNotifications: async () => ({ path: '/notifications' }),
  addNotification: async () => ({ path: '/notifications', body: sampleNotification() }),
  updateNotification: async () => {
    const n = await freshNotification();
    return { path: `/notifications/${n.id}`, body: { version: n.version, notification: sampleNotification() } };
  },
  deleteNotification: async () => {
    const n = await freshNotification();
    return { path: `/notifications/${n.id}?version=${n.version}` };
  },
  // iOS drivers: the demo driver1's phone, so the send has an audience and stays small.
  broadcastNotification: async () => ({ path: `/notifications/${(await freshNotification({ usertype: 'driver', devicetype: 'IOS' })).id}/send`, body: {} }),
};

const MATRIX_PUSH_TOKEN = 'matrix-push-token-0001';
const MATRIX_SEND_TOKEN = 'matrix-send-token-0001';

/** Valid notification fields (spec §3 Push notification). */
export function sampleNotification(over: Record<string, unknown> = {}) {
  return { devicetype: 'All', usertype: 'All', title: `Matrix ${unique()}`, body: 'Made by a test', ...over };
}

async function freshNotification(over: Record<string, unknown> = {}): Promise<{ id: string; version: number }> {
  const res = await api('POST', '/notifications', { token: await idToken(DEMO.admin), body: sampleNotification(over) });
  if (res.status !== 201) throw new Error(`could not add a notification: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const SAMPLE_BANK = { bankName: 'Matrix Bank', bankCode: 'MTRX0001', bankAccount: '000123456789' };

/** An admin credit of `cents` to driver1's wallet. */
async function creditDemoDriver(cents: number): Promise<void> {
  const driver = await api('GET', '/me', { token: await idToken(DEMO.driver) });
  const res = await api('POST', `/wallets/${driver.body.id}/credits`, { token: await idToken(DEMO.admin), body: { amount: (cents / 100).toFixed(2) } });
  if (res.status !== 200) throw new Error(`could not credit driver1: ${res.status} ${JSON.stringify(res.body)}`);
}

/** A fresh, unprocessed withdraw request of driver1's (one cent, credited first). */
async function freshWithdraw(): Promise<string> {
  await creditDemoDriver(1);
  const res = await api('POST', '/withdraws', { token: await idToken(DEMO.driver), body: { amount: '0.01', ...SAMPLE_BANK } });
  if (res.status !== 201) throw new Error(`could not request a withdrawal: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id as string;
}

/** A top-up checkout of rider1's. */
async function riderTopUp(): Promise<{ orderId: string; fields: Record<string, string> }> {
  const res = await api('POST', '/payments/checkout', { token: await idToken(DEMO.rider), body: { kind: 'topup', amount: '5.00', provider: 'paypal' } });
  if (res.status !== 201) throw new Error(`could not check out: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A form as a browser posts it to the test gateway, for an order that is not ours (the gateway does not know). */
function gatewayForm(): { rawBody: string; headers: Record<string, string> } {
  return {
    rawBody: formBody({ order_id: `ord_${unique()}matrix0000000000`, amount: '5.00', currency: 'USD', product_name: 'Matrix', first_name: 'Mat', last_name: 'Rix', quantity: '1', cust_id: 'x', mobile_no: '+15550000000', email: 'matrix@example.com' }),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  };
}

async function gatewayPaymentId(): Promise<string> {
  const res = await api('POST', '/payments/gateway/paypal', gatewayForm());
  const location = res.headers.get('location') ?? '';
  const id = new URL(location, 'http://x').searchParams.get('payment');
  if (res.status !== 303 || !id) throw new Error(`the test gateway did not take the form: ${res.status} ${location}`);
  return id;
}

/**
 * Allowed callers the rules still turn away: the role passed, and the use case answers. A rider's
 * booking is not a driver's or a fleet admin's to read (404); drivers and fleet admins may not book
 * (400 user_issue_contact_admin); assigning needs auto-dispatch off and a NEW booking, which the
 * demo's delivery-mode rider booking is not (409).
 */
export const refusedByRule: Partial<Record<OperationId, Partial<Record<string, number>>>> = {
  fetchBooking: { driver: 404, fleetadmin: 404 },
  // A fresh booking is not paid: its rider and admins hear receipt_not_ready, others that it does not exist.
  fetchReceipt: { rider: 409, admin: 409, driver: 404, fleetadmin: 404 },
  // Spec §5: only riders book (and admins for a rider): user_issue_contact_admin.
  addBooking: { driver: 400, fleetadmin: 400 },
  assignDriver: { admin: 409 },
  // A driver holding no offer or assignment does not see the booking at all.
  acceptBooking: { driver: 404 },
  declineBooking: { driver: 404 },
  releaseBooking: { driver: 404 },
  arriveBooking: { driver: 404 },
  startTrip: { driver: 404 },
  reachBooking: { driver: 404 },
  // Only the booking's driver marks its stops: the fresh booking has none.
  reachStop: { driver: 404 },
  // Only the parcel's driver records its delivery: the fresh booking has none.
  proveDelivery: { driver: 404 },
  failDelivery: { driver: 404 },
  returnDelivery: { driver: 404 },
  settleBooking: { driver: 404 },
  createTripPhotoUploadUrl: { driver: 404 },
  createTripPhotoUploadParts: { driver: 404 },
  completeTripPhotoUpload: { driver: 404 },
  abortTripPhotoUpload: { driver: 404 },
  setTripPhoto: { driver: 404 },
  // The demo is in delivery mode: the rider's booking waits for payment, so there is nothing to pay at the drop or rate.
  payBooking: { rider: 409 },
  completeBooking: { rider: 409 },
  // Nothing to tip before the trip is paid: tip_not_ready.
  addTip: { rider: 409 },
  // No driver yet, so no tracking point (spec §5 location fetch error) and no chat to write to.
  fetchTracking: { rider: 404, admin: 404, driver: 404, fleetadmin: 404 },
  fetchChat: { driver: 404 },
  sendChatMessage: { rider: 409, admin: 409, driver: 404 },
  // rider1's payment is not a driver's to read.
  fetchPayment: { driver: 404 },
  // A driver reads only their own licence.
  fetchLicenceImage: { driver: 404 },
  // A driver reads only their own documents; the matrix's fresh driver has none to review.
  fetchDriverDocuments: { driver: 404 },
  reviewDriverDocument: { admin: 404, fleetadmin: 404 },
  // SOS is for a trip in progress; the rider's fresh booking is not, and is not the driver's at all.
  raiseSos: { rider: 409, driver: 404 },
  // The matrix's alert id names no alert: the role passes and the lookup answers.
  acknowledgeSosAlert: { admin: 404, fleetadmin: 404 },
  closeSosAlert: { admin: 404, fleetadmin: 404 },
};

/** Routes whose success would destroy a demo account: the matrix checks only that the wrong roles are refused. */
export const destructive: ReadonlySet<OperationId> = new Set(['deleteAccount', 'signOut']);

/** Routes whose sample cannot succeed without earlier steps (an upload): the role passes and the rule answers 404. */
export const needsSetup: ReadonlySet<OperationId> = new Set(['setProfileImage', 'completeSignupUpload', 'setLicenceImage', 'submitDriverDocument']);
