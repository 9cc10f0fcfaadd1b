import { Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as cr from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { acknowledge, managedPolicyFinding } from './nag';

export interface UploadsCorsProps {
  /** The uploads bucket (made by the data stack, before the site exists). */
  bucketName: string;
  /** Exactly the site's origins: its CloudFront domain (or custom domain) and the configured ones. Never a wildcard. */
  origins: string[];
}

/** What browsers do with the bucket from script: presigned POST forms, PUT parts (reading each ETag), reading back. */
export const UPLOADS_CORS_RULE = {
  AllowedMethods: ['POST', 'PUT', 'GET', 'HEAD'],
  AllowedHeaders: ['*'],
  ExposeHeaders: ['ETag'],
  MaxAgeSeconds: 3000,
} as const;

/**
 * The uploads bucket's CORS, written by the site's stack once the distribution exists, so it names
 * the site's own domain. The bucket is made earlier (the API presigns into it and the site depends
 * on the API), so its own template cannot know that domain; a wildcard such as
 * `https://*.cloudfront.net` would let every CloudFront-served page script the bucket. The call
 * may change the CORS of this one bucket only; deleting the site's stack removes the rule.
 */
export class UploadsCors extends Construct {
  constructor(scope: Construct, id: string, props: UploadsCorsProps) {
    super(scope, id);
    for (const o of props.origins) if (o.includes('*')) throw new Error(`the uploads bucket's CORS names origins, never a wildcard; got "${o}"`);
    const stack = Stack.of(this);
    const bucketArn = stack.formatArn({ service: 's3', region: '', account: '', resource: props.bucketName });
    const put: cr.AwsSdkCall = {
      service: 'S3',
      action: 'PutBucketCors',
      parameters: { Bucket: props.bucketName, CORSConfiguration: { CORSRules: [{ ...UPLOADS_CORS_RULE, AllowedOrigins: props.origins }] } },
      physicalResourceId: cr.PhysicalResourceId.of(`${props.bucketName}/cors`),
    };
    new cr.AwsCustomResource(this, 'PutBucketCors', {
      onCreate: put,
      onUpdate: put,
      onDelete: { service: 'S3', action: 'DeleteBucketCors', parameters: { Bucket: props.bucketName } },
      // PutBucketCors and DeleteBucketCors are both authorized by s3:PutBucketCORS.
      policy: cr.AwsCustomResourcePolicy.fromStatements([new iam.PolicyStatement({ actions: ['s3:PutBucketCORS'], resources: [bucketArn] })]),
      installLatestAwsSdk: false,
    });
    // The provider function is a stack-level singleton made by CDK.
    const provider = stack.node.tryFindChild(`AWS${cr.AwsCustomResource.PROVIDER_FUNCTION_UUID.replace(/-/g, '')}`);
    acknowledge(
      provider ?? this,
      { id: managedPolicyFinding('service-role/AWSLambdaBasicExecutionRole'), reason: 'CDK\'s AwsCustomResource provider (writes the uploads bucket\'s CORS at deploy) logs with the AWS-managed basic execution policy.' },
      { id: 'AwsSolutions-L1', reason: 'The runtime of CDK\'s AwsCustomResource provider is chosen by CDK, and it runs only at deploy time.' },
    );
  }
}
