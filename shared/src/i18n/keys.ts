/**
 * Every translation key the product uses. Spellings of the spec §8 keys are kept verbatim
 * (including the historic typos `messege`, `alphaNumeric`, `deliveryDetailMissing`) because
 * language packs loaded from the server are keyed by them.
 */

/**
 * Spec §8 translation keys, in the order the spec lists them. The spec's last entry is written
 * as prose ("location fetch error"); it is keyed here as `location_fetch_error`.
 */
export const ERROR_KEYS = [
  'auth_error',
  'require_approval',
  'email_verify_message',
  'not_logged_in',
  'no_bookings',
  'no_cancel_reason',
  'no_cars',
  'settings_error',
  'no_user_match',
  'no_provider_found',
  'provider_fetch_error',
  'no_tasks',
  'chat_not_found',
  'wallet_updated',
  'success',
  'reset_pass_msg',
  'wrong_code',
  'updated',
  'login_success',
  'login_error',
  'login_validate_error',
  'otp_validate_error',
  'user_does_not_exists',
  'must_login',
  'user_issue_contact_admin',
  'select_proper',
  'past_booking_error',
  'place_to_coords_error',
  'place_to_coordinates_error',
  'no_driver_found_alert_messege',
  'deliveryDetailMissing',
  'not_valid_user_type',
  'google_places_error',
  'demo_mode',
  'proper_email',
  'profile_updated',
  'proper_input_name',
  'password_blank_messege',
  'password_alphaNumeric_check',
  'password_complexity_check',
  'mobile_no_blank_error',
  'user_exists',
  'email_or_mobile_issue',
  'referer_not_found',
  'reg_error',
  'account_create_successfully',
  'update_failed',
  'no_details_error',
  'proper_bonus',
  'allow_location',
  'booking_success',
  'location_fetch_error',
] as const;
export type ErrorKey = (typeof ERROR_KEYS)[number];

/**
 * Spec §8 fixed strings. The spec gives their English text verbatim (no key), so the key names
 * here are ours; the English value must stay exactly as the spec writes it.
 */
export const FIXED_STRINGS = {
  no_route_found: 'No Route Found',
  no_data_available: 'No data available.',
  no_promos_available: 'No promos available.',
  no_users_available: 'No users available.',
  no_withdraws_available: 'No WITHDRAWS available.',
  language_fetch_failed: 'Language fetch failed',
  fetch_call_error: 'Fetch Call Error',
  unable_to_get_user_token: 'Unable to get user token',
  base_settings_error_1: 'Base Settings Error 1',
  base_settings_error_2: 'Base Settings Error 2',
} as const;
export type FixedStringKey = keyof typeof FIXED_STRINGS;
export const FIXED_STRING_KEYS = Object.keys(FIXED_STRINGS) as FixedStringKey[];

/** Codes the server uses where no §8 key fits; they travel as `DomainError.code`. */
export const TECHNICAL_KEYS = [
  'not_found',
  'conflict',
  'bad_request',
  'validation_error',
  'forbidden',
  'unknown_route',
  'invalid_json',
  'internal_error',
  'rate_limited',
  'idempotency_conflict',
  'idempotency_key_reused',
  // Idempotency-Key: a repeat sent while the first request still runs.
  'idempotency_in_progress',
  'auto_dispatch_on',
  'driver_unavailable',
  'starting',
  'offer_expired',
  'insufficient_balance',
  'trip_code_mismatch',
  'not_your_trip',
  'invalid_signature',
  'payment_mismatch',
  'payment_closed',
  'not_payable',
  'promo_invalid',
  'promo_out_of_date',
  'promo_min_order',
  'promo_exhausted',
  'promo_already_applied',
  'addresses_changed',
  'withdraw_exceeds_balance',
  'withdraw_already_processed',
  'notification_sending',
  'push_token_unknown',
  'push_not_delivered',
  // Storage (spec §8 names the storage service's invalid-argument and object-not-found).
  'invalid_argument',
  'upload_not_found',
  'upload_too_large',
  // Trip steps and payments: a paid booking is never charged again; a step the booking can no longer take.
  'booking_already_paid',
  'booking_moved_on',
  // Sessions and guessing limits: a signed-out session's tokens, and subjects locked after too many attempts.
  'session_ended',
  'trip_code_locked',
  'otp_send_limit',
  'otp_attempts_exceeded',
  // Races between callers and bounded writes (a booking another driver took, the live-offer cap).
  'booking_taken',
  'offers_at_limit',
  // Specification gaps: a driver's carType names a car type (spec §3, §5).
  'not_a_car_type',
  // Follow my trip: a share link that shows nothing (unknown, revoked or ended alike), and a trip too far along to share.
  'trip_link_not_found',
  'trip_link_trip_over',
  // SOS during a trip.
  'sos_trip_not_active',
  'sos_alert_moved_on',
  'sos_alert_not_found',
  'emergency_contact_phone_invalid',
  // Receipts: a booking has one once it is paid.
  'receipt_not_ready',
  // Driver documents: an expiry day refused, no upload, a review that lost its race or gave no reason, going online blocked by a document.
  'document_expiry_past',
  'document_expiry_invalid',
  'document_upload_missing',
  'document_changed',
  'document_reject_reason_required',
  'document_blocks_online_licence',
  'document_blocks_online_insurance',
  'document_blocks_online_registration',
  // Tips: an amount out of bounds, a trip not yet paid, one tip per booking, a trip too long ago.
  'tip_amount_invalid',
  'tip_too_large',
  'tip_not_ready',
  'tip_already_added',
  'tip_window_closed',
  // A rider whose wallet is below zero (a prepaid parcel's return, owed after the card was charged) books again once it is topped up.
  'wallet_below_zero',
  // Money for an account that no longer exists (a tip to a driver whose account was deleted).
  'account_closed',
  // Service areas and zone fees: a trip outside where the platform operates, a bad drawing, a fee zone without a fee, the areas' limit, a stale edit.
  'outside_service_area',
  'service_area_polygon_invalid',
  'service_area_polygon_self_intersects',
  'service_area_fee_invalid',
  'service_area_limit',
  'service_area_not_found',
  'service_area_moved_on',
  // Stops: too many, one at sea, and stepping through them out of turn.
  'stops_too_many',
  'stop_not_a_place',
  'stop_unknown',
  'stop_trip_not_started',
  'stop_already_reached',
  'stop_out_of_order',
  'stops_remaining',
  // Proof of delivery: the recipient's code, the photo and name when absent, a failed delivery and its return.
  'delivery_code_mismatch',
  'delivery_code_locked',
  'delivery_code_not_set',
  'delivery_photo_missing',
  'delivery_not_at_drop',
  'delivery_not_a_parcel',
  'delivery_already_recorded',
  'delivery_proof_required',
  'delivery_no_return',
  'delivery_already_returned',
] as const;
export type TechnicalKey = (typeof TECHNICAL_KEYS)[number];

/** Labels of the admin side menu (spec §2); see domain/permissions `sideMenu`. */
export const MENU_KEYS = [
  'menu_home',
  'menu_dashboard',
  'menu_booking_history',
  'menu_add_booking',
  'menu_drivers',
  'menu_users',
  'menu_riders',
  'menu_fleet_admins',
  'menu_car_types',
  'menu_cancellation_reasons',
  // Service areas and zone fees (beyond the spec's menu).
  'menu_service_areas',
  'menu_earning_reports',
  'menu_wallet',
  'menu_driver_earning',
  'menu_add_to_wallet',
  'menu_withdraws',
  'menu_promo',
  'menu_push_notifications',
  'menu_settings',
  'menu_profile',
  'menu_logout',
] as const;
export type MenuKey = (typeof MENU_KEYS)[number];

/** The bookings table shows the status translated (spec §2); one label per §4 status. */
export const STATUS_KEYS = [
  'status_PAYMENT_PENDING',
  'status_NEW',
  'status_ACCEPTED',
  'status_ARRIVED',
  'status_STARTED',
  'status_REACHED',
  'status_PENDING',
  'status_PAID',
  'status_COMPLETE',
  'status_CANCELLED',
] as const;
export type StatusKey = (typeof STATUS_KEYS)[number];

export type TranslationKey = ErrorKey | FixedStringKey | TechnicalKey | MenuKey | StatusKey;

export const ALL_TRANSLATION_KEYS: readonly TranslationKey[] = [
  ...ERROR_KEYS,
  ...FIXED_STRING_KEYS,
  ...TECHNICAL_KEYS,
  ...MENU_KEYS,
  ...STATUS_KEYS,
];

const keySet: ReadonlySet<string> = new Set(ALL_TRANSLATION_KEYS);
export function isTranslationKey(value: string): value is TranslationKey {
  return keySet.has(value);
}

const errorKeySet: ReadonlySet<string> = new Set(ERROR_KEYS);
export function isErrorKey(value: string): value is ErrorKey {
  return errorKeySet.has(value);
}
