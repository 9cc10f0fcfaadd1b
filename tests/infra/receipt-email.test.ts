import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../infra/bin/build-app';
import { RECEIPT_EMAIL_SID } from '../../infra/stacks/api-stack';
import { fixtureDist } from './support/fixture-dist';

type Json = Record<string, any>;

const SENDER = 'receipts@rides.example.com';
const options = (context: Record<string, unknown>) => ({
  withCdkJsonContext: true,
  context: { 'aws:cdk:bundling-stacks': [], ...context },
  builtinCloudFormationValidation: false,
  webDist: fixtureDist(),
  nagChecks: false,
});

const fanOutOf = (t: Template) => Object.entries(t.findResources('AWS::Lambda::Function')).find(([id]) => id.startsWith('StreamFanOut'))![1] as Json;
const sesStatements = (t: Template) => Object.entries(t.findResources('AWS::IAM::Policy'))
  .flatMap(([id, p]) => ((p.Properties as Json).PolicyDocument.Statement as Json[]).map((st) => ({ id, st })))
  .filter(({ st }) => [st.Action].flat().some((a: string) => a.startsWith('ses:')));

describe('receipt e-mail through SES', () => {
  let withSender: Template;
  let without: Template;
  beforeAll(() => {
    const a: BuiltApp = buildApp(options({ emailFrom: SENDER }));
    a.app.synth();
    withSender = Template.fromStack(a.api);
    const b: BuiltApp = buildApp(options({}));
    b.app.synth();
    without = Template.fromStack(b.api);
  }, 480_000);

  it('makes the sender an SES identity and tells only the stream fan-out to send from it', () => {
    withSender.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: SENDER });
    const env = fanOutOf(withSender).Properties.Environment.Variables as Json;
    expect(env).toMatchObject({ EMAIL_DELIVERY: 'ses', EMAIL_FROM: SENDER });
    const others = Object.entries(withSender.findResources('AWS::Lambda::Function')).filter(([id]) => !id.startsWith('StreamFanOut'));
    expect(others.length).toBeGreaterThan(0);
    for (const [id, fn] of others) expect((fn as Json).Properties.Environment?.Variables?.EMAIL_FROM, id).toBeUndefined();
  });

  it('lets the fan-out send e-mail only from that identity, as that address, and no other function at all', () => {
    const found = sesStatements(withSender);
    expect(found).toHaveLength(1);
    const [{ id, st }] = found as [{ id: string; st: Json }];
    expect(id.startsWith('StreamFanOut')).toBe(true);
    expect(st).toMatchObject({ Sid: RECEIPT_EMAIL_SID, Effect: 'Allow', Action: 'ses:SendEmail', Condition: { StringEquals: { 'ses:FromAddress': SENDER } } });
    expect(JSON.stringify(st.Resource)).toContain('identity/');
    expect(JSON.stringify(st.Resource)).not.toContain('*');
  });

  it('sends no e-mail and grants nothing of SES on a stage without a sender', () => {
    without.resourceCountIs('AWS::SES::EmailIdentity', 0);
    expect(sesStatements(without)).toEqual([]);
    expect((fanOutOf(without).Properties.Environment.Variables as Json).EMAIL_DELIVERY).toBeUndefined();
  });

  it('refuses a sender that is not an address', () => {
    expect(() => buildApp(options({ emailFrom: 'Rides <receipts>' }))).toThrow(/emailFrom/);
  });
});
