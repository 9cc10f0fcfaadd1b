import type { SESv2Client } from '@aws-sdk/client-sesv2';
import { config } from '../../config';
import type { EmailSender } from '../../ports/email';
import { traced } from '../../observability/tracer';
import { onFirstUse } from '../sdk';

const sdk = onFirstUse(() => import('@aws-sdk/client-sesv2'));

let client: SESv2Client | undefined;

/**
 * E-mail through SES (v2 API), from the stage's verified sender (EMAIL_FROM), plain text in UTF-8.
 * The function's role may send only from that identity and that address.
 */
export const sesEmailSender: EmailSender = {
  async send(email) {
    const from = config().EMAIL_FROM;
    if (!from) throw new Error('EMAIL_DELIVERY is ses but EMAIL_FROM is not set');
    const { SendEmailCommand, SESv2Client } = await sdk();
    client ??= await traced(new SESv2Client({ region: config().AWS_REGION }));
    await client.send(new SendEmailCommand({
      FromEmailAddress: from,
      Destination: { ToAddresses: [email.to] },
      Content: {
        Simple: {
          Subject: { Data: email.subject, Charset: 'UTF-8' },
          Body: { Text: { Data: email.text, Charset: 'UTF-8' } },
        },
      },
      // Which trip an e-mail was about, in SES's own event records (bounces, complaints).
      ...(email.bookingId ? { EmailTags: [{ Name: 'booking', Value: email.bookingId.replace(/[^A-Za-z0-9_-]/g, '_') }] } : {}),
    }));
  },
};
