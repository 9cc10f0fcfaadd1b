import { UsersPage } from './users-page';

/** Spec §2 /fleetadmins (admin). */
export default function FleetAdminsPage() {
  return <UsersPage usertype="fleetadmin" />;
}
