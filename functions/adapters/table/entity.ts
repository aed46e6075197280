/**
 * One entity of the single table, declared once: its key templates, its place in the index, how long it
 * lives, and what reads it. The key functions are made from the templates, so the table in README.md
 * (`renderKeyTable`) and the keys the code writes cannot disagree.
 *
 * Why our own and not ElectroDB: ElectroDB writes its own key format and bookkeeping attributes
 * (`__edb_e__`, `__edb_v__`) into every item, so adopting it means migrating every stored item of a deployed
 * table; this keeps the keys byte for byte and is one small file. The repositories beside it use the real
 * DynamoDB document client, which is all ElectroDB would wrap.
 */

/** The names in a key template: `'USER#{sub}'` → `'sub'`. */
type Fields<T extends string> = T extends `${string}{${infer F}}${infer Rest}` ? F | Fields<Rest> : never;
type Values<T extends string> = { [F in Fields<T>]: string | number };

export interface EntitySpec<Pk extends string, Sk extends string, Gpk extends string, Gsk extends string> {
  /** The entity's name, also written to each item's `entity` attribute. */
  name: string;
  /** Partition key template: literal text and `{field}` holes. */
  pk: Pk;
  /** Sort key template. */
  sk: Sk;
  /** Its place in gsi1, for the entities the index lists. */
  gsi1?: { pk: Gpk; sk: Gsk };
  /** How long DynamoDB's TTL keeps it (prose for the key table), when it has one. */
  ttl?: string;
  /** The reads and writes that use these keys (prose for the key table). */
  access: string;
}

export interface Entity<Pk extends string, Sk extends string, Gpk extends string, Gsk extends string>
  extends EntitySpec<Pk, Sk, Gpk, Gsk> {
  /** The item's primary key. */
  key(values: Values<Pk> & Values<Sk>): { pk: string; sk: string };
  /** The partition alone (a Query's `pk = :pk`). */
  partition(values: Values<Pk>): string;
  /** The literal start of the sort key (a Query's `begins_with(sk, :prefix)`): `RESUME#`. */
  readonly skPrefix: string;
  /** The item's gsi1 attributes. */
  indexKey(values: Values<Gpk> & Values<Gsk>): { gsi1pk: string; gsi1sk: string };
}

function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined || value === '') throw new Error(`Key field ${name} is missing for ${template}.`);
    return String(value);
  });
}

export function defineEntity<
  const Pk extends string,
  const Sk extends string,
  const Gpk extends string = never,
  const Gsk extends string = never,
>(spec: EntitySpec<Pk, Sk, Gpk, Gsk>): Entity<Pk, Sk, Gpk, Gsk> {
  const hole = spec.sk.indexOf('{');
  return {
    ...spec,
    key: (values) => ({ pk: fill(spec.pk, values), sk: fill(spec.sk, values) }),
    partition: (values) => fill(spec.pk, values),
    skPrefix: hole === -1 ? spec.sk : spec.sk.slice(0, hole),
    indexKey: (values) => {
      if (!spec.gsi1) throw new Error(`${spec.name} has no place in gsi1.`);
      return { gsi1pk: fill(spec.gsi1.pk, values), gsi1sk: fill(spec.gsi1.sk, values) };
    },
  };
}

/** Any entity, for lists of them. */
// biome-ignore lint/suspicious/noExplicitAny: the templates differ per entity; the list only reads the spec.
export type AnyEntity = Entity<any, any, any, any>;

/** The key table of README.md's data section, from the declarations. */
export function renderKeyTable(entities: readonly AnyEntity[]): string {
  const cell = (text: string) => text.replaceAll('|', '\\|');
  const rows = entities.map((e) =>
    [
      e.name,
      `\`${e.pk}\``,
      `\`${e.sk}\``,
      e.gsi1 ? `\`${e.gsi1.pk}\` / \`${e.gsi1.sk}\`` : '',
      e.ttl ?? '',
      e.access,
    ]
      .map(cell)
      .join(' | '),
  );
  return [
    '| Entity | pk | sk | gsi1 (pk / sk) | TTL | Access |',
    '|---|---|---|---|---|---|',
    ...rows.map((r) => `| ${r} |`),
  ].join('\n');
}
