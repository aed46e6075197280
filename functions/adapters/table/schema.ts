/**
 * The single table's key schema: attribute names of the keys, the TTL and the one global secondary index.
 * The stack (infra/lib/data.ts) and the local cloud's table creation read it; the entities of this folder
 * fill these attributes.
 */
export const table = {
  partitionKey: 'pk',
  sortKey: 'sk',
  ttlAttribute: 'ttl',
  indexes: [{ name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' }],
} as const;
