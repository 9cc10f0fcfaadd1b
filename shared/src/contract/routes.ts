import * as auth from './auth';
import * as bookings from './bookings';
import * as driverPresence from './driver-presence';
import * as inbox from './inbox';
import * as dashboard from './dashboard';
import * as deliveryProof from './delivery-proof';
import * as dispatchStory from './dispatch-story';
import * as driverDocuments from './driver-documents';
import * as earnings from './earnings';
import * as geo from './geo';
import * as notifications from './notifications';
import * as payments from './payments';
import * as catalog from './catalog';
import * as promos from './promos';
import * as receipts from './receipts';
import * as serviceAreas from './service-areas';
import * as settings from './settings';
import * as sos from './sos';
import * as stops from './stops';
import * as system from './system';
import * as trips from './trips';
import * as tripChat from './trip-chat';
import * as tripPhotos from './trip-photos';
import * as tripLink from './trip-link';
import * as tips from './tips';
import * as users from './users';
import * as wallet from './wallet';
import * as withdraws from './withdraws';
import type { AnyRoute } from './route';

/** Every REST operation, keyed by operationId. A route that is not here does not exist. */
export const contract = {
  getHealth: system.getHealth,
  getOpenApi: system.getOpenApi,
  fetchSettings: settings.fetchSettings,
  getLanguages: settings.getLanguages,
  fetchCarTypes: catalog.fetchCarTypes,
  addCarType: catalog.addCarType,
  updateCarType: catalog.updateCarType,
  deleteCarType: catalog.deleteCarType,
  createCarTypeImageUploadUrl: catalog.createCarTypeImageUploadUrl,
  fetchCancelReasons: catalog.fetchCancelReasons,
  addCancelReason: catalog.addCancelReason,
  updateCancelReason: catalog.updateCancelReason,
  deleteCancelReason: catalog.deleteCancelReason,
  fetchAllSettings: settings.fetchAllSettings,
  editSettings: settings.editSettings,
  getProviders: settings.getProviders,
  fetchPromos: promos.fetchPromos,
  addPromo: promos.addPromo,
  updatePromo: promos.updatePromo,
  deletePromo: promos.deletePromo,
  userSignup: auth.userSignup,
  checkUserExists: auth.checkUserExists,
  validateReferrer: auth.validateReferrer,
  createSignupUploadUrl: auth.createSignupUploadUrl,
  createSignupUploadParts: auth.createSignupUploadParts,
  completeSignupUpload: auth.completeSignupUpload,
  abortSignupUpload: auth.abortSignupUpload,
  fetchUser: users.fetchUser,
  updateProfile: users.updateProfile,
  createProfileImageUploadUrl: users.createProfileImageUploadUrl,
  setProfileImage: users.setProfileImage,
  deleteAccount: users.deleteAccount,
  signOut: users.signOut,
  verifyLicense: users.verifyLicense,
  fetchUsers: users.fetchUsers,
  addUser: users.addUser,
  editUser: users.editUser,
  setUserApproval: users.setUserApproval,
  deleteUser: users.deleteUser,
  updateDriverDetails: users.updateDriverDetails,
  setLicenceImage: users.setLicenceImage,
  fetchLicenceImage: users.fetchLicenceImage,
  fetchDriverDocuments: driverDocuments.fetchDriverDocuments,
  submitDriverDocument: driverDocuments.submitDriverDocument,
  reviewDriverDocument: driverDocuments.reviewDriverDocument,
  fetchDocumentQueue: driverDocuments.fetchDocumentQueue,
  fetchMessages: inbox.fetchMessages,
  autocomplete: geo.autocomplete,
  getCoords: geo.getCoords,
  getAddress: geo.getAddress,
  getRoute: geo.getRoute,
  getDriveTime: geo.getDriveTime,
  getEstimate: bookings.getEstimate,
  checkAvailability: bookings.checkAvailability,
  addBooking: bookings.addBooking,
  fetchBookings: bookings.fetchBookings,
  fetchBooking: bookings.fetchBooking,
  fetchReceipt: receipts.fetchReceipt,
  cancelBooking: bookings.cancelBooking,
  fetchAssignableDrivers: bookings.fetchAssignableDrivers,
  assignDriver: bookings.assignDriver,
  fetchDispatchStory: dispatchStory.fetchDispatchStory,
  fetchOffers: driverPresence.fetchOffers,
  fetchDriverPresence: driverPresence.fetchDriverPresence,
  setDriverAvailability: driverPresence.setDriverAvailability,
  updateDriverLocation: driverPresence.updateDriverLocation,
  acceptBooking: trips.acceptBooking,
  declineBooking: trips.declineBooking,
  releaseBooking: trips.releaseBooking,
  arriveBooking: trips.arriveBooking,
  startTrip: trips.startTrip,
  // Stops between pickup and drop, reached in order before the drop.
  reachStop: stops.reachStop,
  reachBooking: trips.reachBooking,
  // Proof of delivery at the drop: the recipient's code or who took the parcel; else a failed delivery returned to the sender.
  proveDelivery: deliveryProof.proveDelivery,
  failDelivery: deliveryProof.failDelivery,
  returnDelivery: deliveryProof.returnDelivery,
  settleBooking: trips.settleBooking,
  payBooking: trips.payBooking,
  // Tips: from the wallet here; by card through checkout.
  addTip: tips.addTip,
  completeBooking: trips.completeBooking,
  fetchTracking: trips.fetchTracking,
  // Follow my trip: the rider's share link and its public read.
  createTripLink: tripLink.createTripLink,
  revokeTripLink: tripLink.revokeTripLink,
  fetchSharedTrip: tripLink.fetchSharedTrip,
  // SOS during a trip, the admins' alerts, and the contact it texts.
  raiseSos: sos.raiseSos,
  fetchSosAlerts: sos.fetchSosAlerts,
  acknowledgeSosAlert: sos.acknowledgeSosAlert,
  closeSosAlert: sos.closeSosAlert,
  setEmergencyContact: sos.setEmergencyContact,
  clearEmergencyContact: sos.clearEmergencyContact,
  // Service areas and fee zones, drawn by admins.
  fetchServiceAreas: serviceAreas.fetchServiceAreas,
  addServiceArea: serviceAreas.addServiceArea,
  updateServiceArea: serviceAreas.updateServiceArea,
  deleteServiceArea: serviceAreas.deleteServiceArea,
  fetchChat: tripChat.fetchChat,
  sendChatMessage: tripChat.sendChatMessage,
  createTripPhotoUploadUrl: tripPhotos.createTripPhotoUploadUrl,
  createTripPhotoUploadParts: tripPhotos.createTripPhotoUploadParts,
  completeTripPhotoUpload: tripPhotos.completeTripPhotoUpload,
  abortTripPhotoUpload: tripPhotos.abortTripPhotoUpload,
  setTripPhoto: tripPhotos.setTripPhoto,
  fetchWallet: wallet.fetchWallet,
  addToWallet: wallet.addToWallet,
  checkout: payments.checkout,
  fetchPayment: payments.fetchPayment,
  confirmPayment: payments.confirmPayment,
  applyPromo: payments.applyPromo,
  testGatewayPay: payments.testGatewayPay,
  fetchGatewayPayment: payments.fetchGatewayPayment,
  decideGatewayPayment: payments.decideGatewayPayment,
  requestWithdraw: withdraws.requestWithdraw,
  fetchWithdraws: withdraws.fetchWithdraws,
  completeWithdraw: withdraws.completeWithdraw,
  fetchEarningsReport: earnings.fetchEarningsReport,
  fetchDriverEarnings: earnings.fetchDriverEarnings,
  registerDevice: notifications.registerDevice,
  unregisterDevice: notifications.unregisterDevice,
  fetchWebPushKey: notifications.fetchWebPushKey,
  sendNotification: notifications.sendNotification,
  fetchNotifications: notifications.fetchNotifications,
  addNotification: notifications.addNotification,
  updateNotification: notifications.updateNotification,
  deleteNotification: notifications.deleteNotification,
  broadcastNotification: notifications.broadcastNotification,
  fetchDashboard: dashboard.fetchDashboard,
  fetchActiveDrivers: dashboard.fetchActiveDrivers,
  fetchDemand: dashboard.fetchDemand,
} as const;

export type Contract = typeof contract;
export type OperationId = keyof Contract;
export const routes: readonly AnyRoute[] = Object.values(contract) as AnyRoute[];
