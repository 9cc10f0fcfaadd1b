import { CfnOutput, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { tableDefinition } from '../../lambdas/src/adapters/dynamodb/table-definition';
import type { AppConfig } from '../constructs/app-config';
import { AccessLogBucket, PrivateBucket } from '../constructs/private-bucket';

export interface DataStackProps extends StackProps {
  config: AppConfig;
}

/**
 * Stateful storage: the single table and the uploads bucket. In the production profile (stage
 * `prod`) the table is RETAIN with deletion protection, so deleting or renaming a stack never
 * deletes data; development stages let the table go with the stack. The uploads bucket is always
 * RETAIN: CloudFormation cannot delete a bucket that still holds objects, and a failed delete
 * would leave the stack stuck. The uploads bucket lives here, not with the site, because the API
 * (which presigns uploads) must not depend on the web stack, which depends on the API.
 */
export class DataStack extends Stack {
  readonly table: dynamodb.Table;
  readonly uploadsBucket: s3.Bucket;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);
    const def = tableDefinition;
    const key = (name: string): dynamodb.Attribute => ({ name, type: dynamodb.AttributeType.STRING });
    const { profile } = props.config;

    this.table = new dynamodb.Table(this, 'Table', {
      partitionKey: key(def.partitionKey),
      sortKey: key(def.sortKey),
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      stream: dynamodb.StreamViewType[def.stream],
      timeToLiveAttribute: def.ttlAttribute,
      // Every stage: a restore to any second of the last 35 days is the rollback for bad data.
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      encryption: dynamodb.TableEncryption.AWS_MANAGED,
      deletionProtection: profile.deletionProtection,
      removalPolicy: profile.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    for (const index of def.globalIndexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: key(index.partitionKey),
        sortKey: key(index.sortKey),
        projectionType: dynamodb.ProjectionType.ALL,
      });
    }

    const logs = new AccessLogBucket(this, 'AccessLogs');
    this.uploadsBucket = new PrivateBucket(this, 'Uploads', {
      removalPolicy: RemovalPolicy.RETAIN,
      accessLogs: { bucket: logs.bucket, prefix: 'uploads/' },
      // No CORS here: the site's stack writes it (infra/constructs/uploads-cors.ts) once the
      // distribution exists, naming exactly the site's origins.
    }).bucket;

    // Browsers read `public/` objects (profile and car type images) through the site's CloudFront
    // at /public/*. The distribution lives in the web stack, which depends on this one, so the
    // grant names this account's distributions instead of referencing it (no cross-stack cycle).
    this.uploadsBucket.addToResourcePolicy(new iam.PolicyStatement({
      sid: 'SiteReadsPublicUploads',
      principals: [new iam.ServicePrincipal('cloudfront.amazonaws.com')],
      actions: ['s3:GetObject'],
      resources: [this.uploadsBucket.arnForObjects('public/*')],
      conditions: { StringLike: { 'AWS:SourceArn': `arn:${this.partition}:cloudfront::${this.account}:distribution/*` } },
    }));

    new CfnOutput(this, 'TableName', { value: this.table.tableName });
    new CfnOutput(this, 'UploadsBucketName', { value: this.uploadsBucket.bucketName });
  }
}
