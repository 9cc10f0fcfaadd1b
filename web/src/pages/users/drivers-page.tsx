import { UsersPage } from './users-page';

/** Spec §2 /drivers (admin, and a fleet admin for its own drivers). */
export default function DriversPage() {
  return <UsersPage usertype="driver" />;
}
