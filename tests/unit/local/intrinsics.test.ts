import { describe, expect, it } from 'vitest';
import { resolveIntrinsics, type LocalResources, type Template, type TemplateScope } from '../../../infra/local/functions/intrinsics';

const locals: LocalResources = {
  region: 'us-east-1', accountId: '000000000000',
  ref: (type) => (type === 'AWS::DynamoDB::Table' ? 'ride-platform-local' : undefined),
  attribute: (type, _id, attr) => (type === 'AWS::DynamoDB::Table' && attr === 'StreamArn' ? 'arn:local:stream' : undefined),
};
const data: Template = {
  Resources: { Table: { Type: 'AWS::DynamoDB::Table' }, Keys: { Type: 'AWS::SecretsManager::Secret' } },
  Outputs: { TableName: { Value: { Ref: 'Table' }, Export: { Name: 'Data:TableName' } } },
};
const dataScope: TemplateScope = { name: 'Data', template: data, importValue: () => { throw new Error('none'); } };
const importValue = (name: string) => (name === 'Data:TableName' ? resolveIntrinsics(data.Outputs!.TableName!.Value, dataScope, locals) : undefined);
const parent: Template = {
  Resources: { Api: { Type: 'AWS::ApiGatewayV2::Api' }, Area: { Type: 'AWS::CloudFormation::Stack', Properties: { Parameters: { tableRef: { 'Fn::ImportValue': 'Data:TableName' } } } } },
};
const parentScope: TemplateScope = { name: 'Api', template: parent, importValue };
const nested: TemplateScope = {
  name: 'Api/Area', importValue,
  template: { Parameters: { tableRef: {} }, Resources: { Queue: { Type: 'AWS::SQS::Queue' }, Keys: { Type: 'AWS::SecretsManager::Secret' } } },
  parameter: (name) => resolveIntrinsics((parent.Resources!.Area!.Properties!.Parameters as Record<string, unknown>)[name], parentScope, locals),
};

describe('CloudFormation intrinsics, resolved to the local cloud', () => {
  it("follows a nested stack's parameter to its parent, and an import to the exporting stack", () => {
    expect(resolveIntrinsics({ TABLE_NAME: { Ref: 'tableRef' } }, nested, locals)).toEqual({ TABLE_NAME: 'ride-platform-local' });
  });

  it('joins, selects, splits and substitutes as CloudFormation does', () => {
    expect(resolveIntrinsics({ 'Fn::Join': ['', ['https://', { Ref: 'Api' }, '.execute-api.', { Ref: 'AWS::Region' }, '.', { Ref: 'AWS::URLSuffix' }, '/ws']] }, parentScope, locals))
      .toBe('https://Api.execute-api.us-east-1.amazonaws.com/ws');
    expect(resolveIntrinsics({ 'Fn::Select': [1, { 'Fn::Split': [':', 'a:b:c'] }] }, parentScope, locals)).toBe('b');
    expect(resolveIntrinsics({ 'Fn::Sub': ['${AWS::AccountId}/${Name}/${!Literal}', { Name: 'x' }] }, parentScope, locals)).toBe('000000000000/x/${Literal}');
  });

  it("gives a local resource its local name and attributes, and any other a well-formed stand-in (its type's ARN format)", () => {
    expect(resolveIntrinsics({ 'Fn::GetAtt': ['Table', 'StreamArn'] }, dataScope, locals)).toBe('arn:local:stream');
    expect(resolveIntrinsics({ Ref: 'Keys' }, nested, locals)).toBe('arn:aws:secretsmanager:us-east-1:000000000000:secret:Keys');
    expect(resolveIntrinsics({ 'Fn::GetAtt': ['Queue', 'Arn'] }, nested, locals)).toBe('arn:aws:sqs:us-east-1:000000000000:Queue');
  });

  it('refuses what it cannot evaluate, naming the stack', () => {
    expect(() => resolveIntrinsics({ 'Fn::If': ['c', 'a', 'b'] }, nested, locals)).toThrow('Api/Area: Fn::If');
    expect(() => resolveIntrinsics({ Ref: 'Missing' }, nested, locals)).toThrow('Ref to unknown Missing');
  });
});
