import * as z from './zod';
import { cleanText } from './common';
import { route } from './route';
import {
  AbortedUpload, CompletedUpload, DocumentUpload, LicenceAbortBody, LicenceCompleteBody, LicencePartsBody, UploadPartUrls, UploadTicket,
} from './uploads';

export { ImageUpload, UploadTicket } from './uploads';

const Email = z.string().check(z.trim(), z.minLength(1), z.maxLength(254));
/** Public identity calls: enough for people, too little for enumeration or sign-up floods. */
const PUBLIC_IDENTITY_THROTTLE = { ratePerSecond: 10, burst: 20 };
/** Digits of a country calling code, with or without '+': "44", "+1", "1 684". */
const DialCode = z.string().check(z.trim(), z.regex(/^\+?[\d ]{1,6}$/));

/** Spec §5 Register / §7 user_signup. The role is rider or driver only; admins make the others. */
export const SignupBody = z.strictObject({
  firstName: cleanText(60),
  lastName: cleanText(60),
  email: Email,
  password: z.string().check(z.maxLength(30)),
  dialCode: DialCode,
  /** The phone as typed, without the dial code. */
  phone: z.string().check(z.maxLength(20)),
  referralId: z.optional(z.string().check(z.trim(), z.maxLength(40))),
  usertype: z._default(z.enum(['rider', 'driver']), 'rider'),
  /** Key returned by createSignupUploadUrl; required for drivers. */
  licenseImage: z.optional(z.string().check(z.maxLength(300))),
  vehicleMake: z.optional(cleanText(60)),
  vehicleModel: z.optional(cleanText(60)),
  vehicleNumber: z.optional(cleanText(30)),
  carType: z.optional(cleanText(60)),
});

export const userSignup = route({
  method: 'POST', path: '/auth/signup', operationId: 'userSignup', area: 'auth', auth: 'public', throttle: PUBLIC_IDENTITY_THROTTLE,
  summary: 'Create a rider or driver account (spec user_signup)',
  body: SignupBody, status: 201,
  response: z.object({ uid: z.string(), approved: z.boolean() }),
});

/** Answers only whether an account exists: never who it is. Throttled. */
export const checkUserExists = route({
  method: 'POST', path: '/auth/check-user-exists', operationId: 'checkUserExists', area: 'auth', auth: 'public', throttle: PUBLIC_IDENTITY_THROTTLE,
  summary: 'Whether an account uses this email or mobile (spec check_user_exists)',
  body: z.strictObject({ email: z.optional(Email), mobile: z.optional(z.string().check(z.trim(), z.regex(/^\+\d{6,20}$/))) }).check(z.refine((b) => b.email || b.mobile, { message: 'email_or_mobile_issue' })),
  response: z.object({ exists: z.boolean() }),
});

export const validateReferrer = route({
  method: 'POST', path: '/auth/validate-referrer', operationId: 'validateReferrer', area: 'auth', auth: 'public', throttle: PUBLIC_IDENTITY_THROTTLE,
  summary: 'Whether a referral id belongs to a user (spec validate_referrer); 404 referer_not_found otherwise',
  body: z.strictObject({ referralId: z.string().check(z.trim(), z.minLength(1), z.maxLength(40)) }),
  response: z.object({ valid: z.literal(true) }),
});

/**
 * A driver's licence is uploaded before the account exists (spec §5 Register). Throttled. Up to
 * 5 MiB the ticket is a presigned POST; above, a multipart upload continued by the routes below.
 */
export const createSignupUploadUrl = route({
  method: 'POST', path: '/auth/signup/license-upload', operationId: 'createSignupUploadUrl', area: 'auth', auth: 'public', throttle: PUBLIC_IDENTITY_THROTTLE,
  summary: 'Presigned upload for a driver licence image before sign-up (a POST form, or a multipart upload above 5 MiB)',
  body: DocumentUpload,
  response: UploadTicket,
});

export const createSignupUploadParts = route({
  method: 'POST', path: '/auth/signup/license-upload/parts', operationId: 'createSignupUploadParts', area: 'auth', auth: 'public', throttle: PUBLIC_IDENTITY_THROTTLE,
  summary: 'Presigned part URLs of a licence multipart upload (each signed for its exact size)',
  body: LicencePartsBody,
  response: UploadPartUrls,
});

export const completeSignupUpload = route({
  method: 'POST', path: '/auth/signup/license-upload/complete', operationId: 'completeSignupUpload', area: 'auth', auth: 'public', throttle: PUBLIC_IDENTITY_THROTTLE,
  summary: 'Completes a licence multipart upload after checking its parts (total size, type)',
  body: LicenceCompleteBody,
  response: CompletedUpload,
});

export const abortSignupUpload = route({
  method: 'POST', path: '/auth/signup/license-upload/abort', operationId: 'abortSignupUpload', area: 'auth', auth: 'public', throttle: PUBLIC_IDENTITY_THROTTLE,
  summary: 'Aborts a licence multipart upload (its parts are deleted)',
  body: LicenceAbortBody,
  response: AbortedUpload,
});
