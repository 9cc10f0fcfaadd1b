import {
  AdminGetUserCommand, AdminSetUserPasswordCommand, CognitoIdentityProviderClient, ForgotPasswordCommand, InitiateAuthCommand, ListGroupsCommand,
  ListUsersCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, DEMO, endpoints, idToken } from './support/endpoints';
import { acceptedTrip, newRider } from './support/trips';
import { postForm } from './support/uploads';

/**
 * The local cloud has no back doors: what AWS refuses an unsigned caller, the local identity
 * service and storage refuse too, through the site's own port. Cognito's IAM-authorized operations
 * (Admin*, ListUsers, ListGroups, …) need a SigV4 signature by the platform's credentials; the
 * uploads bucket is private (every request signed in its headers, presigned, or a signed form);
 * and sign-in answers an unknown user as a wrong password (preventUserExistenceErrors).
 */
describe.runIf(endpoints().siteUrl !== '')('the local cloud refuses unsigned callers as AWS does', () => {
  const e = () => endpoints();
  const TARGET = 'AWSCognitoIdentityProviderService';

  /** A raw call through the site's `/cognito`, as anyone with curl could make it. */
  async function anonymous(operation: string, input: Record<string, unknown>) {
    const res = await fetch(e().cognitoEndpoint, {
      method: 'POST', headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `${TARGET}.${operation}` }, body: JSON.stringify(input),
    });
    return { status: res.status, body: await res.json() as { __type?: string; message?: string; Users?: unknown[] } };
  }
  const signed = (credentials = e().credentials!) => new CognitoIdentityProviderClient({ region: e().region, endpoint: e().cognitoEndpoint, credentials });

  describe('Cognito: IAM-authorized operations need a signature', () => {
    const IAM_CALLS: [string, () => Record<string, unknown>][] = [
      ['ListUsers', () => ({ UserPoolId: e().userPoolId })],
      ['ListGroups', () => ({ UserPoolId: e().userPoolId })],
      ['AdminGetUser', () => ({ UserPoolId: e().userPoolId, Username: DEMO.rider })],
      ['AdminSetUserPassword', () => ({ UserPoolId: e().userPoolId, Username: DEMO.rider, Password: 'Taken1234', Permanent: true })],
      ['AdminCreateUser', () => ({ UserPoolId: e().userPoolId, Username: 'intruder@example.com' })],
      ['AdminAddUserToGroup', () => ({ UserPoolId: e().userPoolId, Username: DEMO.rider, GroupName: 'admin' })],
      ['AdminDeleteUser', () => ({ UserPoolId: e().userPoolId, Username: DEMO.rider2 })],
      ['AdminDisableUser', () => ({ UserPoolId: e().userPoolId, Username: DEMO.rider2 })],
      ['DescribeUserPool', () => ({ UserPoolId: e().userPoolId })],
      ['CreateUserPoolClient', () => ({ UserPoolId: e().userPoolId, ClientName: 'intruder' })],
    ];

    it.each(IAM_CALLS)('anonymous %s through the site is refused (MissingAuthenticationTokenException)', async (operation, input) => {
      const res = await anonymous(operation, input());
      expect(res.status, JSON.stringify(res.body)).toBe(403);
      expect(res.body.__type).toBe('MissingAuthenticationTokenException');
      expect(JSON.stringify(res.body)).not.toContain('@example.com');
    });

    it('the demo rider can still sign in with the old password after the anonymous password reset was refused', async () => {
      await anonymous('AdminSetUserPassword', { UserPoolId: e().userPoolId, Username: DEMO.rider, Password: 'Taken1234', Permanent: true });
      const c = signed();
      await expect(c.send(new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: e().userPoolClientId, AuthParameters: { USERNAME: DEMO.rider, PASSWORD: 'Taken1234' } })))
        .rejects.toMatchObject({ name: 'NotAuthorizedException' });
      expect(await idToken(DEMO.rider)).toBeTruthy();
      c.destroy();
    });

    it('a call signed with another key or secret is refused, a target spelled to slip past the check too', async () => {
      const wrongKey = signed({ accessKeyId: 'someone-else', secretAccessKey: e().credentials!.secretAccessKey });
      await expect(wrongKey.send(new ListUsersCommand({ UserPoolId: e().userPoolId }))).rejects.toMatchObject({ name: 'UnrecognizedClientException' });
      const wrongSecret = signed({ accessKeyId: e().credentials!.accessKeyId, secretAccessKey: 'guessed' });
      await expect(wrongSecret.send(new ListUsersCommand({ UserPoolId: e().userPoolId }))).rejects.toMatchObject({ name: 'InvalidSignatureException' });
      wrongKey.destroy();
      wrongSecret.destroy();
      // The emulator reads the operation from the second dot-separated part: never a public one by accident.
      const res = await fetch(e().cognitoEndpoint, {
        method: 'POST', headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `${TARGET}.ListUsers.InitiateAuth` }, body: JSON.stringify({ UserPoolId: e().userPoolId }),
      });
      expect(res.status).toBe(403);
    });

    it('signed with the platform\'s credentials, the same operations work (as the platform\'s own clients use them)', async () => {
      const c = signed();
      const users = await c.send(new ListUsersCommand({ UserPoolId: e().userPoolId, Limit: 5 }));
      expect(users.Users?.length).toBeGreaterThan(0);
      expect((await c.send(new ListGroupsCommand({ UserPoolId: e().userPoolId }))).Groups?.map((g) => g.GroupName)).toEqual(expect.arrayContaining(['rider', 'admin']));
      expect((await c.send(new AdminGetUserCommand({ UserPoolId: e().userPoolId, Username: DEMO.driver }))).Username).toBeTruthy();
      c.destroy();
    });

    it('a signed AdminSetUserPassword changes the password, as in AWS', async () => {
      const rider = await newRider();
      const c = signed();
      await c.send(new AdminSetUserPasswordCommand({ UserPoolId: e().userPoolId, Username: rider.email, Password: 'Changed1234', Permanent: true }));
      expect(await idToken(rider.email, 'Changed1234')).toBeTruthy();
      c.destroy();
    });

    it('public operations stay unsigned, as the browser calls them', async () => {
      const res = await anonymous('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: e().userPoolClientId, AuthParameters: { USERNAME: DEMO.rider, PASSWORD: e().password } });
      expect(res.status).toBe(200);
    });
  });

  describe('Cognito: an unknown user is answered as a wrong password (preventUserExistenceErrors)', () => {
    it('sign-in with an unknown e-mail and with a wrong password get the same answer', async () => {
      const unknown = await anonymous('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: e().userPoolClientId, AuthParameters: { USERNAME: 'nobody-here@example.com', PASSWORD: 'Whatever1' } });
      const wrong = await anonymous('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: e().userPoolClientId, AuthParameters: { USERNAME: DEMO.rider2, PASSWORD: 'Whatever1' } });
      expect(unknown).toEqual({ status: 400, body: { __type: 'NotAuthorizedException', message: 'Incorrect username or password.' } });
      expect(wrong).toEqual(unknown);
    });

    it('a password reset for an unknown e-mail answers as for a known one', async () => {
      const c = signed();
      const out = await c.send(new ForgotPasswordCommand({ ClientId: e().userPoolClientId, Username: 'nobody-here@example.com' }));
      expect(out.CodeDeliveryDetails?.DeliveryMedium).toBe('EMAIL');
      c.destroy();
    });
  });

  describe('S3: the uploads bucket is private', () => {
    const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC', 'base64');
    let link: URL;
    let bucketUrl: string;
    let key: string;

    beforeAll(async () => {
      // A trip photo as the platform stores it: a driver's signed form upload, read back through a presigned link.
      const { driver, booking } = await acceptedTrip(await newRider());
      await api('POST', `/bookings/${booking.id}/arrive`, { token: driver.token, body: {} });
      const base = `/bookings/${booking.id}/photos/pickup_image`;
      const ticket = await api('POST', `${base}/upload-url`, { token: driver.token, body: { contentType: 'image/png', size: PNG.length } });
      expect(ticket.body.method, JSON.stringify(ticket.body)).toBe('POST');
      expect((await postForm(ticket.body, PNG, 'image/png')).status).toBeLessThan(300);
      expect((await api('POST', base, { token: driver.token, body: {} })).status).toBe(200);
      link = new URL((await api('GET', `/bookings/${booking.id}`, { token: driver.token })).body.pickup_image);
      bucketUrl = ticket.body.url.replace(/\/$/, '');
      key = ticket.body.key;
    });

    it('the presigned link the platform hands out still reads the photo', async () => {
      const res = await fetch(link);
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer())).toEqual(PNG);
    });

    it.each([
      ['GET the photo', () => fetch(`${bucketUrl}/${key}`)],
      ['HEAD the photo', () => fetch(`${bucketUrl}/${key}`, { method: 'HEAD' })],
      ['list the bucket', () => fetch(`${bucketUrl}?list-type=2`)],
      ['list the bucket (v1)', () => fetch(`${bucketUrl}/`)],
      ['overwrite the photo', () => fetch(`${bucketUrl}/${key}`, { method: 'PUT', body: 'replaced', headers: { 'content-type': 'image/png' } })],
      ['delete the photo', () => fetch(`${bucketUrl}/${key}`, { method: 'DELETE' })],
      ['list the buckets', () => fetch(new URL(bucketUrl).origin)],
    ])('anonymous: %s is 403 AccessDenied', async (_what, call) => {
      const res = await call();
      expect(res.status).toBe(403);
      if (res.body) expect(await res.text()).toContain('AccessDenied');
    });

    it('a forged header signature is refused, and after all of it the photo is unchanged', async () => {
      const forged = await fetch(`${bucketUrl}/${key}`, {
        method: 'PUT', body: 'replaced',
        headers: { authorization: `AWS4-HMAC-SHA256 Credential=${e().credentials!.accessKeyId}/20260101/${e().region}/s3/aws4_request, SignedHeaders=host;x-amz-date, Signature=${'0'.repeat(64)}`, 'x-amz-date': '20260101T000000Z', 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' },
      });
      expect(forged.status).toBe(403);
      expect(Buffer.from(await (await fetch(link)).arrayBuffer())).toEqual(PNG);
    });

    it('signed with the platform\'s credentials, reading and listing work', async () => {
      const s3 = new S3Client({ region: e().region, endpoint: new URL(bucketUrl).origin, forcePathStyle: true, credentials: e().credentials! });
      const bucket = new URL(bucketUrl).pathname.slice(1);
      const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      expect(Buffer.from(await object.Body!.transformToByteArray())).toEqual(PNG);
      const listed = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: key }));
      expect(listed.Contents?.map((c) => c.Key)).toEqual([key]);
      s3.destroy();
    });
  });
});
