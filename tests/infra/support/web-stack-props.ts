import type { App } from 'aws-cdk-lib';
import { readAppConfig } from '../../../infra/constructs/app-config';
import type { WebStackProps } from '../../../infra/stacks/web-stack';

/** A Web stack's inputs made up for tests that build it alone (no other stack to take them from). */
export function standaloneWebStackProps(app: App, webDist: string): WebStackProps {
  return {
    env: { region: 'us-east-1' },
    config: readAppConfig(app.node),
    restApiId: 'abc123',
    wsUrl: 'wss://example.invalid/ws',
    userPoolId: 'us-east-1_x',
    userPoolClientId: 'client',
    mapStyleUrl: 'https://maps.example.invalid/style',
    uploadsBucketName: 'uploads-bucket',
    webAclArn: 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/site/abc',
    webDist,
  };
}
