import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sesEmailSender } from '../../../lambdas/src/adapters/email/ses-email-sender';
import { resetConfig } from '../../../lambdas/src/config';

/**
 * The SES adapter against a stand-in of SES v2's HTTP API on 127.0.0.1: the request the SDK signs
 * and sends is the one SES would get.
 */
describe('receipt e-mail through SES', () => {
  const seen: { method?: string; url?: string; auth?: string; body: Record<string, any> }[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    let raw = '';
    req.on('data', (c) => { raw += c; });
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, auth: req.headers.authorization, body: JSON.parse(raw || '{}') });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ MessageId: 'm-1' }));
    });
  });
  const saved = { ...process.env };

  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    Object.assign(process.env, {
      AWS_ENDPOINT_URL_SESV2: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      AWS_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE', AWS_SECRET_ACCESS_KEY: 'secret',
      EMAIL_DELIVERY: 'ses', EMAIL_FROM: 'Rides <receipts@rides.example.com>', TABLE_NAME: 't',
    });
    resetConfig();
  });
  afterAll(() => {
    server.close();
    process.env = saved;
    resetConfig();
  });

  it('sends plain UTF-8 text from the stage\'s sender to the rider, tagged with the trip', async () => {
    await sesEmailSender.send({ to: 'rider@example.com', subject: 'Your trip receipt · 12 €', text: 'Total: 12,00 €\nGracias', bookingId: 'b-1:x' });
    expect(seen).toHaveLength(1);
    const [call] = seen as [typeof seen[number]];
    expect(call.method).toBe('POST');
    expect(call.url).toBe('/v2/email/outbound-emails');
    expect(call.auth).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/us-east-1\/ses\/aws4_request/);
    expect(call.body).toEqual({
      FromEmailAddress: 'Rides <receipts@rides.example.com>',
      Destination: { ToAddresses: ['rider@example.com'] },
      Content: { Simple: { Subject: { Data: 'Your trip receipt · 12 €', Charset: 'UTF-8' }, Body: { Text: { Data: 'Total: 12,00 €\nGracias', Charset: 'UTF-8' } } } },
      EmailTags: [{ Name: 'booking', Value: 'b-1_x' }],
    });
  });
});
