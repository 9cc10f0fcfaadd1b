import { z } from 'zod';
import { IsoDate, LatLng } from './common';
import { Role, ROLES, route } from './route';

export const LoginType = z.enum(['email', 'phone', 'facebook', 'apple']);

export const UserProfile = z.object({
  id: z.string(),
  createdAt: IsoDate,
  createdByAdmin: z.boolean().optional(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  mobile: z.string(),
  usertype: Role,
  loginType: LoginType,
  referralId: z.string(),
  signupViaReferral: z.string().optional(),
  approved: z.boolean(),
  walletBalance: z.number(),
  profile_image: z.string().optional(),
  location: LatLng.optional(),
  queue: z.boolean().optional(),
  driverActiveStatus: z.boolean().optional(),
  fleetadmin: z.string().optional(),
  vehicleMake: z.string().optional(),
  vehicleModel: z.string().optional(),
  vehicleNumber: z.string().optional(),
  other_info: z.string().optional(),
  carType: z.string().optional(),
  licenseImage: z.string().optional(),
  bankName: z.string().optional(),
  bankCode: z.string().optional(),
  bankAccount: z.string().optional(),
});
export type UserProfile = z.infer<typeof UserProfile>;

export const fetchUser = route({
  method: 'GET', path: '/me', operationId: 'fetchUser', area: 'users', auth: ROLES,
  summary: 'The signed-in user\'s own profile',
  response: UserProfile,
});

/** Only these fields; anything else (usertype, approved, walletBalance…) is refused by `.strict()`. */
export const UpdateProfileBody = z.object({
  firstName: z.string().max(60),
  lastName: z.string().max(60),
  email: z.string().max(254).optional(),
  mobile: z.string().max(20).optional(),
}).strict();

export const updateProfile = route({
  method: 'PATCH', path: '/me', operationId: 'updateProfile', area: 'users', auth: ROLES,
  summary: 'Edit the own profile; email and mobile are locked for email sign-in users',
  body: UpdateProfileBody,
  response: UserProfile,
});
