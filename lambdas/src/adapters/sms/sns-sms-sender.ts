import type { SNSClient } from '@aws-sdk/client-sns';
import { config } from '../../config';
import type { SmsSender } from '../../ports/sms';
import { traced } from '../../observability/tracer';
import { onFirstUse } from '../sdk';

const sdk = onFirstUse(() => import('@aws-sdk/client-sns'));

let client: SNSClient | undefined;

/** Transactional SMS straight to the number through SNS. */
export const snsSmsSender: SmsSender = {
  async send(phoneNumber, message) {
    const { PublishCommand, SNSClient } = await sdk();
    client ??= await traced(new SNSClient({ region: config().AWS_REGION }));
    await client.send(new PublishCommand({
      PhoneNumber: phoneNumber, Message: message,
      MessageAttributes: { 'AWS.SNS.SMS.SMSType': { DataType: 'String', StringValue: 'Transactional' } },
    }));
  },
};
