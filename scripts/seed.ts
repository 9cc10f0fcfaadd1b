import './quiet-env';
import { DEFAULT_DEMO_PASSWORD, seedDemoData } from '../infra/local/seed';

/**
 * Seeds the demo data into a deployed stack (AWS or LocalStack). The adapters read TABLE_NAME,
 * USER_POOL_ID, USER_POOL_CLIENT_ID and, for LocalStack, DYNAMODB_ENDPOINT / COGNITO_ENDPOINT,
 * exactly as the Lambdas do. `npm start` seeds the local cloud by itself.
 */
// The demo deployment requires driver documents: its drivers hold verified ones.
seedDemoData({ password: process.env.DEMO_PASSWORD ?? DEFAULT_DEMO_PASSWORD, step: (m) => console.log(`• ${m}`), requireDocuments: true })
  .then((r) => console.log(r.created ? 'Seeded.' : 'Demo data already present.'))
  .catch((e) => { console.error(`Seeding failed: ${(e as Error).message}`); process.exit(1); });
