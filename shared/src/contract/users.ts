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
