import { describe, expect, it } from 'vitest';
import {
  ALL_TRANSLATION_KEYS, ERROR_KEYS, FIXED_STRINGS, isErrorKey, isTranslationKey, MENU_KEYS, STATUS_KEYS, TECHNICAL_KEYS,
} from '../../../shared/src/i18n/keys';
import { messagesEn, messagesEs, translate } from '../../../shared/src/i18n/messages';
import { BOOKING_STATUSES } from '../../../shared/src/domain/booking-status';

/** Spec §8 keys, copied from the spec text so a typo on either side fails. */
const SPEC_KEYS = `auth_error, require_approval, email_verify_message, not_logged_in, no_bookings, no_cancel_reason,
no_cars, settings_error, no_user_match, no_provider_found, provider_fetch_error, no_tasks, chat_not_found, wallet_updated,
success, reset_pass_msg, wrong_code, updated, login_success, login_error, login_validate_error, otp_validate_error,
user_does_not_exists, must_login, user_issue_contact_admin, select_proper, past_booking_error, place_to_coords_error,
place_to_coordinates_error, no_driver_found_alert_messege, deliveryDetailMissing, not_valid_user_type, google_places_error,
demo_mode, proper_email, profile_updated, proper_input_name, password_blank_messege, password_alphaNumeric_check,
password_complexity_check, mobile_no_blank_error, user_exists, email_or_mobile_issue, referer_not_found, reg_error,
account_create_successfully, update_failed, no_details_error, proper_bonus, allow_location, booking_success,
location_fetch_error`.split(/[\s,]+/).filter(Boolean);

describe('§8 error catalogue', () => {
  it('ERROR_KEYS is exactly the spec list', () => {
    expect([...ERROR_KEYS]).toEqual(SPEC_KEYS);
    expect(new Set(ERROR_KEYS).size).toBe(ERROR_KEYS.length);
  });

  it.each([...ERROR_KEYS])('%s has non-empty en and es text', (key) => {
    expect(messagesEn[key].trim()).not.toBe('');
    expect(messagesEs[key].trim()).not.toBe('');
  });

  it('every translation key has non-empty en and es text and no extras', () => {
    for (const key of ALL_TRANSLATION_KEYS) {
      expect(messagesEn[key]?.trim(), key).toBeTruthy();
      expect(messagesEs[key]?.trim(), key).toBeTruthy();
    }
    expect(Object.keys(messagesEn).sort()).toEqual([...ALL_TRANSLATION_KEYS].sort());
    expect(Object.keys(messagesEs).sort()).toEqual([...ALL_TRANSLATION_KEYS].sort());
    expect(new Set(ALL_TRANSLATION_KEYS).size).toBe(ALL_TRANSLATION_KEYS.length);
  });

  it('Spanish is translated, not copied (except proper nouns)', () => {
    const same = ALL_TRANSLATION_KEYS.filter((k) => messagesEn[k] === messagesEs[k]);
    expect(same).toEqual([]);
  });

  it('fixed strings keep the spec English verbatim', () => {
    expect(Object.values(FIXED_STRINGS)).toEqual([
      'No Route Found', 'No data available.', 'No promos available.', 'No users available.', 'No WITHDRAWS available.',
      'Language fetch failed', 'Fetch Call Error', 'Unable to get user token', 'Base Settings Error 1', 'Base Settings Error 2',
    ]);
    for (const [key, text] of Object.entries(FIXED_STRINGS)) expect(messagesEn[key as keyof typeof FIXED_STRINGS]).toBe(text);
  });

  it('has the technical server codes', () => {
    expect([...TECHNICAL_KEYS].sort()).toEqual(
      [
        'auto_dispatch_on', 'bad_request', 'conflict', 'driver_unavailable', 'forbidden', 'idempotency_conflict', 'idempotency_key_reused',
        'idempotency_in_progress',
        'insufficient_balance', 'internal_error', 'invalid_json', 'not_found', 'not_your_trip', 'offer_expired', 'rate_limited', 'starting',
        'trip_code_mismatch', 'unknown_route', 'validation_error',
        // The money work: provider confirmations, checkouts, promos, a rider's addresses changed meanwhile.
        'invalid_signature', 'payment_mismatch', 'payment_closed', 'not_payable', 'promo_invalid', 'promo_out_of_date', 'promo_min_order',
        'promo_exhausted', 'promo_already_applied', 'addresses_changed',
        // Withdrawals: more than the balance, processed twice.
        'withdraw_exceeds_balance', 'withdraw_already_processed',
        // A rider below zero (a prepaid parcel's return owed) books again once topped up.
        'wallet_below_zero', 'account_closed',
        // Push: a broadcast already running, an unknown device token, a device that cannot be reached.
        'notification_sending', 'push_token_unknown', 'push_not_delivered',
        // Storage: a bad path or list size (spec §8 invalid-argument), an upload that is not open, a file above its limit.
        'invalid_argument', 'upload_not_found', 'upload_too_large',
        // Trip steps and payments: a paid booking charged again; a step the booking can no longer take.
        'booking_already_paid', 'booking_moved_on',
        // Sessions and guessing limits: a token from an ended session, a locked trip code, phone sign-in limits.
        'session_ended', 'trip_code_locked', 'otp_send_limit', 'otp_attempts_exceeded',
        // Races and bounds: a booking another driver took, a booking at its live-offer cap.
        'booking_taken', 'offers_at_limit',
        // Specification gaps: a driver's carType that names no car type.
        'not_a_car_type',
        // Follow my trip: a link that shows nothing (unknown, revoked, ended alike), and a trip too far along to share.
        'trip_link_not_found', 'trip_link_trip_over',
        // SOS: a trip not in progress, an alert another admin moved on or that does not exist, a contact no SMS reaches.
        'sos_trip_not_active', 'sos_alert_moved_on', 'sos_alert_not_found', 'emergency_contact_phone_invalid',
        // Receipts: a booking not yet paid has none.
        'receipt_not_ready',
        // Driver documents: an expiry refused, no upload, a lost review race or no reason, going online blocked.
        'document_expiry_past', 'document_expiry_invalid', 'document_upload_missing', 'document_changed', 'document_reject_reason_required', 'document_blocks_online_licence', 'document_blocks_online_insurance', 'document_blocks_online_registration',
        // Tips: an amount out of bounds, a trip not yet paid, one tip per booking, a trip too long ago.
        'tip_amount_invalid', 'tip_too_large', 'tip_not_ready', 'tip_already_added', 'tip_window_closed',
        // Service areas: a trip outside them, a bad drawing, a fee zone without a fee, the limit, a missing or stale area.
        'outside_service_area', 'service_area_polygon_invalid', 'service_area_polygon_self_intersects', 'service_area_fee_invalid',
        'service_area_limit', 'service_area_not_found', 'service_area_moved_on',
        'stops_too_many', 'stop_not_a_place', 'stop_unknown', 'stop_trip_not_started', 'stop_already_reached', 'stop_out_of_order', 'stops_remaining',
        // Proof of delivery: the code (wrong, locked, none), the photo first, the drop's order of things, settling before it.
        'delivery_code_mismatch', 'delivery_code_locked', 'delivery_code_not_set', 'delivery_photo_missing', 'delivery_not_at_drop',
        'delivery_not_a_parcel', 'delivery_already_recorded', 'delivery_proof_required', 'delivery_no_return', 'delivery_already_returned',
      ].sort(),
    );
  });

  it('has a label for every menu entry and booking status', () => {
    expect(MENU_KEYS.length).toBeGreaterThan(0);
    expect(STATUS_KEYS).toEqual(BOOKING_STATUSES.map((s) => `status_${s}`));
  });

  it('key guards', () => {
    expect(isTranslationKey('not_found')).toBe(true);
    expect(isTranslationKey('constructor')).toBe(false);
    expect(isErrorKey('proper_email')).toBe(true);
    expect(isErrorKey('not_found')).toBe(false);
  });
});

describe('§1 translate with English fallback', () => {
  it.each([
    ['proper_email', undefined, messagesEn.proper_email],
    ['proper_email', 'en', messagesEn.proper_email],
    ['proper_email', 'es', messagesEs.proper_email],
    ['proper_email', 'es-MX', messagesEs.proper_email],
    ['proper_email', 'ES', messagesEs.proper_email],
    ['proper_email', 'fr', messagesEn.proper_email],
    ['no_route_found', 'fr', 'No Route Found'],
    ['some_unknown_code', 'es', 'some_unknown_code'],
    ['constructor', 'en', 'constructor'],
    ['toString', 'constructor', 'toString'],
  ])('translate(%s, %s)', (key, lang, text) => {
    expect(translate(key, lang)).toBe(text);
  });
});
