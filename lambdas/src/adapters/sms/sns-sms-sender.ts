import { PublishCommand, SNSClient } from '@aws-sdk/client-sns';
import { config } from '../../config';
import type { SmsSender } from '../../ports/sms';
import { tracer } from '../../observability/tracer';

let client: SNSClient | undefined;

/** Transactional SMS straight to the number through SNS. */
export const snsSmsSender: SmsSender = {
  async send(phoneNumber, message) {
    client ??= tracer.captureAWSv3Client(new SNSClient({ region: config().AWS_REGION }));
    await client.send(new PublishCommand({
      PhoneNumber: phoneNumber, Message: message,
      MessageAttributes: { 'AWS.SNS.SMS.SMSType': { DataType: 'String', StringValue: 'Transactional' } },
    }));
  },
};
