import { UsersPage } from './users-page';

/** Spec §2 /riders (admin). */
export default function RidersPage() {
  return <UsersPage usertype="rider" />;
}
