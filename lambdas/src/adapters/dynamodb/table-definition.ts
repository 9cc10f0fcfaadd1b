/**
 * The one description of the single table. CDK (infra/stacks/data-stack.ts) and the local cloud
 * (infra/local/dynamodb.ts) both build the table from this object, so they cannot drift.
 */
export const tableDefinition = {
  /** Logical name; the deployed physical name reaches Lambdas through TABLE_NAME. */
  baseName: 'ride-platform',
  partitionKey: 'pk',
  sortKey: 'sk',
  ttlAttribute: 'expiresAt',
  stream: 'NEW_AND_OLD_IMAGES',
  globalIndexes: [
    { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { name: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
    { name: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
    { name: 'gsi4', partitionKey: 'gsi4pk', sortKey: 'gsi4sk' },
  ],
} as const;

export type IndexName = (typeof tableDefinition.globalIndexes)[number]['name'];
