import * as z from './zod';
import { cleanText, IsoDate, LatLng } from './common';
import { ImageUpload, LicenceKey, UploadTicket } from './uploads';
import { page, PageQuery } from './common';
import { Role, ROLES, route } from './route';

export const LoginType = z.enum(['email', 'phone', 'facebook', 'apple']);

export const UserProfile = z.object({
  id: z.string(),
  createdAt: IsoDate,
  createdByAdmin: z.optional(z.boolean()),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  mobile: z.string(),
  usertype: Role,
  loginType: LoginType,
  referralId: z.string(),
  signupViaReferral: z.optional(z.string()),
  approved: z.boolean(),
  walletBalance: z.number(),
  profile_image: z.optional(z.string()),
  location: z.optional(LatLng),
  queue: z.optional(z.boolean()),
  driverActiveStatus: z.optional(z.boolean()),
  fleetadmin: z.optional(z.string()),
  vehicleMake: z.optional(z.string()),
  vehicleModel: z.optional(z.string()),
  vehicleNumber: z.optional(z.string()),
  other_info: z.optional(z.string()),
  carType: z.optional(z.string()),
  licenseImage: z.optional(z.string()),
  bankName: z.optional(z.string()),
  bankCode: z.optional(z.string()),
  bankAccount: z.optional(z.string()),
  /** Spec §3: a driver's one-decimal average and the ratings behind it (written by COMPLETE). */
  ratings: z.optional(z.object({ userrating: z.number(), details: z.array(z.object({ user: z.string(), rate: z.number() })) })),
  /** Spec §3: a rider's drops, counted (written by REACHED). */
  savedAddresses: z.optional(z.array(z.object({ description: z.string(), lat: z.number(), lng: z.number(), count: z.number() }))),
  /** Texted a link to follow the trip when this user raises an SOS. */
  emergencyContact: z.optional(z.object({ name: z.string(), phone: z.string() })),
  /** Spec §3: the app's latest registered push token and its platform (PUT /me/device). */
  pushToken: z.optional(z.string()),
  userPlatform: z.optional(z.enum(['ANDROID', 'IOS', 'WEB'])),
});
export type UserProfile = z.infer<typeof UserProfile>;

export const fetchUser = route({
  method: 'GET', path: '/me', operationId: 'fetchUser', area: 'users', auth: ROLES,
  summary: 'The signed-in user\'s own profile',
  response: UserProfile,
});

/** Only these fields; anything else (usertype, approved, walletBalance…) is refused by `.strict()`. */
export const UpdateProfileBody = z.strictObject({
  firstName: cleanText(60),
  lastName: cleanText(60),
  email: z.optional(z.string().check(z.maxLength(254))),
  mobile: z.optional(z.string().check(z.maxLength(20))),
});

export const updateProfile = route({
  method: 'PATCH', path: '/me', operationId: 'updateProfile', area: 'users', auth: ROLES,
  summary: 'Edit the own profile; email and mobile are locked for email sign-in users',
  body: UpdateProfileBody,
  response: UserProfile,
});

export const createProfileImageUploadUrl = route({
  method: 'POST', path: '/me/profile-image/upload-url', operationId: 'createProfileImageUploadUrl', area: 'users', auth: ROLES,
  summary: 'Presigned upload to users/{uid}/profileImage',
  body: ImageUpload,
  response: UploadTicket,
});

export const setProfileImage = route({
  method: 'POST', path: '/me/profile-image', operationId: 'setProfileImage', area: 'users', auth: ROLES,
  summary: 'Use the uploaded users/{uid}/profileImage as the profile image',
  body: z.strictObject({}),
  response: UserProfile,
});

/** Ends every session of the caller on the server: the tokens already issued stop working (spec §4 logout). */
export const signOut = route({
  method: 'POST', path: '/me/sign-out', operationId: 'signOut', area: 'users', auth: ROLES,
  summary: 'Sign out everywhere: tokens issued before now answer 401 session_ended, refresh tokens are revoked',
  response: z.object({ signedOut: z.literal(true) }),
});

export const deleteAccount = route({
  method: 'DELETE', path: '/me', operationId: 'deleteAccount', area: 'users', auth: ROLES,
  summary: 'Delete the own account (the client signs out afterwards)',
  response: z.object({ deleted: z.literal(true) }),
});

/** The listable kinds: admins are never listed (spec §5 Other). */
export const ListedUserType = z.enum(['rider', 'driver', 'fleetadmin']);

export const fetchUsers = route({
  method: 'GET', path: '/users', operationId: 'fetchUsers', area: 'users', auth: ['admin', 'fleetadmin'],
  summary: 'Riders, drivers or fleet admins, newest first; a fleet admin gets only its own drivers. With `search`: those whose name starts with it (name order), or the one with that e-mail address',
  query: z.extend(PageQuery, {
    usertype: ListedUserType,
    /** A type-ahead: a prefix of "first last" (case and accents ignored), or a whole e-mail address. */
    search: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  }),
  response: page(UserProfile),
});

/** Free text, cleaned of control characters by the contract (cleanText); blank names are the use case's proper_input_name. */
const DriverFields = {
  vehicleMake: z.optional(cleanText(60)),
  vehicleModel: z.optional(cleanText(60)),
  vehicleNumber: z.optional(cleanText(30)),
  other_info: z.optional(cleanText(500)),
  carType: z.optional(cleanText(60)),
  bankName: z.optional(cleanText(100)),
  bankCode: z.optional(cleanText(40)),
  bankAccount: z.optional(cleanText(40)),
};

export const AddUserBody = z.strictObject({
  usertype: ListedUserType,
  firstName: cleanText(60),
  lastName: cleanText(60),
  email: z.string().check(z.trim(), z.maxLength(254)),
  /** Full mobile with its country code: +<digits>. */
  mobile: z.string().check(z.trim(), z.regex(/^\+\d{6,20}$/, 'mobile_no_blank_error')),
  password: z.string().check(z.maxLength(30)),
  ...DriverFields,
});

export const addUser = route({
  method: 'POST', path: '/users', operationId: 'addUser', area: 'users', auth: ['admin', 'fleetadmin'],
  summary: 'Add a rider, driver or fleet admin (a fleet admin adds its own drivers only)',
  body: AddUserBody, status: 201,
  response: UserProfile,
});

export const UserId = z.object({ id: z.string().check(z.minLength(1), z.maxLength(64), z.regex(/^[A-Za-z0-9-]+$/)) });

/** Email and mobile are editable only on add (spec §5 Other). */
export const editUser = route({
  method: 'PATCH', path: '/users/{id}', operationId: 'editUser', area: 'users', auth: ['admin', 'fleetadmin'],
  summary: 'Edit a user\'s names and driver details',
  params: UserId,
  body: z.strictObject({ firstName: z.optional(cleanText(60)), lastName: z.optional(cleanText(60)), driverActiveStatus: z.optional(z.boolean()), ...DriverFields }),
  response: UserProfile,
});

export const setUserApproval = route({
  method: 'POST', path: '/users/{id}/approval', operationId: 'setUserApproval', area: 'users', auth: ['admin', 'fleetadmin'],
  summary: 'Approve or unapprove a user',
  params: UserId,
  body: z.strictObject({ approved: z.boolean() }),
  response: UserProfile,
});

export const deleteUser = route({
  method: 'DELETE', path: '/users/{id}', operationId: 'deleteUser', area: 'users', auth: ['admin', 'fleetadmin'],
  summary: 'Delete a user and their Cognito account (refused in demo mode)',
  params: UserId,
  response: z.object({ deleted: z.literal(true) }),
});

/**
 * Spec §4 Startup / §7: the licence check at sign-in. 200 when it passes (or none is configured);
 * 403 `base_settings_error_1` (rejected) or `base_settings_error_2` (cannot be asked), and the web
 * signs the user out.
 */
export const verifyLicense = route({
  method: 'POST', path: '/me/license-check', operationId: 'verifyLicense', area: 'users', auth: ROLES,
  summary: 'Run the deployer\'s licence check for a signed-in session',
  body: z.strictObject({}),
  response: z.object({ ok: z.literal(true) }),
});

/*
 * The driver's own profile (spec §3 driver extras): the vehicle, the bank details every withdrawal
 * reuses, and the licence image. A driver edits only their own (the paths are /me); admins and a
 * fleet admin (its own drivers only) edit them through editUser and read the licence below.
 */

/** The driver fields a driver edits on their own profile; an emptied text clears its field. */
export const DriverDetailsBody = z.strictObject({
  ...DriverFields,
  /** Spec §5: one of the car type names (not_a_car_type otherwise); never cleared. */
  carType: z.optional(cleanText(60)),
});

export const updateDriverDetails = route({
  method: 'PATCH', path: '/me/driver-details', operationId: 'updateDriverDetails', area: 'users', auth: ['driver'],
  summary: 'A driver edits their own vehicle (make, model, number, car type), other info and bank details; withdrawals take the bank details from here when a request leaves them out',
  body: DriverDetailsBody,
  response: UserProfile,
});

export const setLicenceImage = route({
  method: 'POST', path: '/me/licence-image', operationId: 'setLicenceImage', area: 'users', auth: ['driver'],
  summary: 'Use an uploaded licence image (uploaded as at sign-up: its key from the licence upload routes) as the driver\'s own licence',
  body: z.strictObject({ key: LicenceKey }),
  response: UserProfile,
});

export const fetchLicenceImage = route({
  method: 'GET', path: '/users/{id}/licence-image', operationId: 'fetchLicenceImage', area: 'users', auth: ['admin', 'fleetadmin', 'driver'],
  summary: 'A short-lived link to a driver\'s licence image (private): the driver\'s own, a fleet admin\'s own drivers\', any driver\'s for an admin; 404 otherwise',
  params: UserId,
  response: z.object({ url: z.optional(z.string()) }),
});
