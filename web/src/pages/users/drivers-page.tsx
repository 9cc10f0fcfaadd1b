import { DocumentQueue } from '../../features/driver-documents/document-queue';
import { UsersPage } from './users-page';

/** Spec §2 /drivers (admin, and a fleet admin for its own drivers). */
export default function DriversPage() {
  // Drivers' documents waiting for review or expiring come first: they decide who can drive.
  return <UsersPage usertype="driver" above={<DocumentQueue />} />;
}
