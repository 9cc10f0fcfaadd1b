import '../../scripts/quiet-env';
import type { TestProject } from 'vitest/node';
import type { Endpoints } from './support/endpoints';

/**
 * Integration tests talk to endpoints only. With API_URL set they run against whatever is there
 * (LocalStack after `cdklocal deploy`, or a running `npm start`); otherwise the local cloud is
 * started here, once, in memory, on free ports, with the demo data.
 */
export default async function setup(project: TestProject) {
  const password = process.env.DEMO_PASSWORD ?? 'Demo1234';
  if (process.env.API_URL) {
    const endpoints: Endpoints = {
      apiUrl: process.env.API_URL,
      wsUrl: process.env.WS_URL ?? '',
      cognitoEndpoint: process.env.COGNITO_ENDPOINT ?? '',
      region: process.env.AWS_REGION ?? 'us-east-1',
      userPoolClientId: process.env.USER_POOL_CLIENT_ID ?? '',
      userPoolId: process.env.USER_POOL_ID ?? '',
      siteUrl: process.env.SITE_URL ?? '',
      password,
      tableName: process.env.TABLE_NAME,
      dynamoEndpoint: process.env.DYNAMODB_ENDPOINT,
      gatewaySecret: process.env.TEST_GATEWAY_SECRET,
      ...(process.env.AWS_ACCESS_KEY_ID && process.env.AWS_SECRET_ACCESS_KEY
        ? { credentials: { accessKeyId: process.env.AWS_ACCESS_KEY_ID, secretAccessKey: process.env.AWS_SECRET_ACCESS_KEY } } : {}),
    };
    project.provide('endpoints', endpoints);
    return;
  }
  const { startLocalCloud } = await import('../../infra/local/cloud');
  const { seedDemoData } = await import('../../infra/local/seed');
  // The suite runs against the functions as deployed (infra/local/functions/): each from its bundle,
  // with its own environment and its role enforced. LOCAL_FUNCTIONS=in-process runs the sources in
  // this process instead (quicker to iterate on; what CI runs is the deployed form).
  const cloud = await startLocalCloud({ port: 0, functions: process.env.LOCAL_FUNCTIONS === 'in-process' ? 'in-process' : 'deployed' });
  await seedDemoData({ password });
  cloud.markReady();
  project.provide('endpoints', {
    apiUrl: cloud.apiUrl, wsUrl: cloud.wsUrl, cognitoEndpoint: cloud.cognitoEndpoint, region: cloud.region,
    userPoolClientId: cloud.userPoolClientId, userPoolId: cloud.userPoolId, siteUrl: cloud.url, password,
    tableName: cloud.tableName, dynamoEndpoint: process.env.DYNAMODB_ENDPOINT, gatewaySecret: process.env.TEST_GATEWAY_SECRET,
    credentials: cloud.credentials,
  } satisfies Endpoints);
  return async () => {
    await cloud.stop();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    endpoints: Endpoints;
  }
}
