import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { acknowledge } from './nag';

/**
 * The only kind of bucket this app makes: no public access, TLS required, S3-managed encryption,
 * no ACLs. Access logging is on unless this bucket is itself the log destination.
 */
export interface PrivateBucketProps {
  removalPolicy: RemovalPolicy;
  /** Where S3 server access logs go; omit only for a log bucket. */
  accessLogs?: { bucket: s3.IBucket; prefix: string };
  cors?: s3.CorsRule[];
  lifecycleRules?: s3.LifecycleRule[];
  versioned?: boolean;
}

export class PrivateBucket extends Construct {
  readonly bucket: s3.Bucket;

  constructor(scope: Construct, id: string, props: PrivateBucketProps) {
    super(scope, id);
    this.bucket = new s3.Bucket(this, 'Bucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      removalPolicy: props.removalPolicy,
      serverAccessLogsBucket: props.accessLogs?.bucket,
      serverAccessLogsPrefix: props.accessLogs?.prefix,
      cors: props.cors,
      versioned: props.versioned,
      lifecycleRules: [
        { abortIncompleteMultipartUploadAfter: Duration.days(1) },
        ...(props.lifecycleRules ?? []),
      ],
    });
  }
}

/**
 * A bucket that receives S3 server access logs and CloudFront standard logs. CloudFront standard
 * logging still writes with ACLs, so this one keeps ACLs (bucket-owner-preferred) where the others
 * disable them.
 */
export class AccessLogBucket extends Construct {
  readonly bucket: s3.Bucket;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.bucket = new s3.Bucket(this, 'Bucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      removalPolicy: RemovalPolicy.RETAIN,
      lifecycleRules: [{ expiration: Duration.days(90) }],
    });
    acknowledge(this, {
      id: 'AwsSolutions-S1',
      reason: 'This is the access-log destination; logging it into itself would loop and another log bucket would only move the finding.',
    });
  }
}
