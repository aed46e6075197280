/** Attributes that belong to the table, not to the entity, stripped before items leave the repositories. */
export function stripKeys<T extends Record<string, unknown>>(
  item: T,
): Omit<T, 'pk' | 'sk' | 'entity' | 'version'> {
  const { pk: _pk, sk: _sk, entity: _entity, version: _version, ...rest } = item;
  return rest;
}
