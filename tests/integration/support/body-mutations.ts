import fc from 'fast-check';

/**
 * Hostile variations of a valid request body, as small recipes (`Mutation`) that `render` turns into the
 * bytes and content type sent. Recipes rather than the bytes themselves, so that a failure prints a few
 * words ("a 300,000-character string at personalInfo.summary") instead of the 300 KB it sends, and replays
 * the same from fast-check's seed.
 */

export type Path = (string | number)[];

export type Mutation =
  | { kind: 'valid' }
  /** The value at `path` (the body itself for `[]`) replaced by one of another type. */
  | { kind: 'wrongType'; path: Path; value: unknown }
  /** A key the schema does not know, prototype keys among them, added to the object at `path`. */
  | { kind: 'extraKey'; path: Path; key: string; value: unknown }
  | { kind: 'hugeString'; path: Path; length: number; char: string }
  | { kind: 'deepNesting'; path: Path; depth: number; shape: 'array' | 'object' }
  | { kind: 'unicode'; path: Path; text: string }
  /** A JSON number token written as is: `1e400` parses to Infinity, big integers lose precision. */
  | { kind: 'number'; path: Path; token: string }
  | { kind: 'null'; path: Path }
  /** An array where an object goes: `[object]`, or its entries. */
  | { kind: 'arrayForObject'; path: Path; entries: boolean }
  /** Text that is not JSON, made from the valid body's text. */
  | { kind: 'malformed'; variant: MalformedVariant; cut: number }
  /** The valid body under another content type (or none). */
  | { kind: 'contentType'; contentType: string | null };

export const malformedVariants = [
  'truncated',
  'trailingComma',
  'singleQuotes',
  'unquotedKeys',
  'byteOrderMark',
  'comment',
  'twoDocuments',
  'nan',
  'undefined',
  'whitespace',
  'openBrace',
  'nulByte',
  'invalidUtf8',
] as const;
export type MalformedVariant = (typeof malformedVariants)[number];

/** Content types the API must refuse for a JSON body (and two spellings it must accept). */
export const contentTypes = [
  null,
  'text/plain',
  'text/json',
  'application/jsonp',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzz',
  'APPLICATION/JSON',
  'application/json; charset=utf-8',
] as const;

/** Keys a careless handler might honour: prototype keys, and fields no client may set. */
export const hostileKeys = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '__defineGetter__',
  'isAdmin',
  'role',
  'staffRole',
  'plan',
  'profileId',
  'userId',
  'aiUsageCount',
  'resumeCount',
  'status',
  'currency',
  'pk',
  'sk',
] as const;

/** Strings that have broken parsers, databases and templates before. */
export const nastyStrings = [
  '\ud800',
  'a\udc00b',
  '\u0000',
  '\u202eevil',
  '\ufeff',
  '\u2028\u2029',
  'e\u0301\u0301\u0301',
  'İstanbul',
  '𝕳𝖊𝖑𝖑𝖔',
  '👩‍👩‍👧‍👦',
  'ﷺ',
  '%00%ff',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the literal text of a log4shell probe
  '${jndi:ldap://x/a}',
  '{{constructor.constructor("return 1")()}}',
  '<img src=x onerror=alert(1)>',
  "'; DROP TABLE users; --",
  '../../../../etc/passwd',
  'USER#someone-else',
  'RESUME#',
  '#',
  ' ',
  '',
] as const;

export const numberTokens = [
  '0',
  '-0',
  '-1',
  '1.5',
  '2147483648',
  '9007199254740992',
  '9007199254740993',
  '-9007199254740993',
  '123456789012345678901234567890',
  '1e308',
  '-1e308',
  '5e-324',
  '1e400',
  '-1e400',
  '1E-400',
] as const;

/** Every path of a JSON value, the value itself (`[]`) first. */
export function pathsOf(value: unknown, prefix: Path = []): Path[] {
  const paths: Path[] = [prefix];
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) paths.push(...pathsOf(item, [...prefix, i]));
  } else if (isObject(value)) {
    for (const [key, item] of Object.entries(value)) paths.push(...pathsOf(item, [...prefix, key]));
  }
  return paths;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function valueAt(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)?.[key], value);
}

/** A copy of `root` with `value` at `path`; an own (not inherited) property even for `__proto__`. */
function withValueAt(root: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const copy: unknown = structuredClone(root);
  const parent = valueAt(copy, path.slice(0, -1)) as Record<string | number, unknown>;
  define(parent, path.at(-1) as string | number, value);
  return copy;
}

function define(target: Record<string | number, unknown>, key: string | number, value: unknown) {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** The arbitrary of mutation recipes for one valid body; `valid` includes the body unchanged. */
export function mutationsOf(body: unknown, options: { valid: boolean }): fc.Arbitrary<Mutation> {
  const paths = pathsOf(body);
  const objects = paths.filter((p) => isObject(valueAt(body, p)));
  const strings = paths.filter((p) => typeof valueAt(body, p) === 'string');
  const anyPath = fc.constantFrom(...paths);
  const objectPath = fc.constantFrom(...(objects.length > 0 ? objects : [[]]));
  // Strings where there are some; otherwise anywhere (a string where something else goes).
  const stringPath = strings.length > 0 ? fc.constantFrom(...strings) : anyPath;
  const otherValue = fc.oneof(
    fc.string({ maxLength: 6 }),
    fc.integer(),
    fc.boolean(),
    fc.constant([]),
    fc.constant({}),
    fc.array(fc.integer(), { maxLength: 3 }),
  );
  const arms: fc.Arbitrary<Mutation>[] = [
    fc.record({ kind: fc.constant('wrongType' as const), path: anyPath, value: otherValue }),
    fc.record({
      kind: fc.constant('extraKey' as const),
      path: objectPath,
      key: fc.oneof(fc.constantFrom(...hostileKeys), fc.string({ minLength: 1, maxLength: 8 })),
      value: fc.oneof(
        fc.jsonValue({ maxDepth: 2 }),
        fc.constant({ isAdmin: true, role: 'admin', staffRole: 'admin', polluted: 'yes' }),
      ),
    }),
    fc.record({
      kind: fc.constant('hugeString' as const),
      path: stringPath,
      length: fc.constantFrom(101, 201, 2_049, 5_001, 20_001, 120_000, 300_000),
      char: fc.constantFrom('a', 'é', '😀', ' ', '\u0000', '<'),
    }),
    fc.record({
      kind: fc.constant('deepNesting' as const),
      path: anyPath,
      depth: fc.constantFrom(64, 1_000, 20_000),
      shape: fc.constantFrom('array' as const, 'object' as const),
    }),
    fc.record({
      kind: fc.constant('unicode' as const),
      path: stringPath,
      text: fc.oneof(fc.constantFrom(...nastyStrings), fc.string({ unit: 'binary', maxLength: 12 })),
    }),
    fc.record({
      kind: fc.constant('number' as const),
      path: anyPath,
      token: fc.constantFrom(...numberTokens),
    }),
    fc.record({ kind: fc.constant('null' as const), path: anyPath }),
    fc.record({ kind: fc.constant('arrayForObject' as const), path: objectPath, entries: fc.boolean() }),
    fc.record({
      kind: fc.constant('malformed' as const),
      variant: fc.constantFrom(...malformedVariants),
      cut: fc.integer({ min: 1, max: 99 }),
    }),
    fc.record({ kind: fc.constant('contentType' as const), contentType: fc.constantFrom(...contentTypes) }),
  ];
  const weighted = arms.map((arbitrary) => ({ arbitrary, weight: 1 }));
  // About a quarter of the calls send the valid body as is: the route's own work is fuzzed too.
  if (options.valid) weighted.push({ arbitrary: fc.constant({ kind: 'valid' as const }), weight: 4 });
  return fc.oneof(...weighted);
}

export interface Payload {
  body: string | Uint8Array<ArrayBuffer>;
  contentType: string | null;
}

/** Stands for a raw JSON token in a body's text until it is spliced in. */
const SENTINEL = '@@fuzz-raw-token@@';

/** The bytes and content type a recipe sends for `body`. */
export function render(body: unknown, mutation: Mutation): Payload {
  const json = (value: unknown) => ({ body: JSON.stringify(value), contentType: 'application/json' });
  switch (mutation.kind) {
    case 'valid':
      return json(body);
    case 'wrongType':
      return json(withValueAt(body, mutation.path, mutation.value));
    case 'extraKey': {
      const copy = structuredClone(body);
      const target = valueAt(copy, mutation.path);
      if (isObject(target)) define(target, mutation.key, mutation.value);
      return json(copy);
    }
    case 'hugeString':
      return json(withValueAt(body, mutation.path, mutation.char.repeat(mutation.length)));
    case 'deepNesting': {
      const [open, close] = mutation.shape === 'array' ? ['[', ']'] : ['{"a":', '}'];
      const text = JSON.stringify(withValueAt(body, mutation.path, SENTINEL));
      const nested = `${open.repeat(mutation.depth)}1${close.repeat(mutation.depth)}`;
      return { body: text.replace(`"${SENTINEL}"`, nested), contentType: 'application/json' };
    }
    case 'unicode':
      return json(withValueAt(body, mutation.path, mutation.text));
    case 'number': {
      const text = JSON.stringify(withValueAt(body, mutation.path, SENTINEL));
      return { body: text.replace(`"${SENTINEL}"`, mutation.token), contentType: 'application/json' };
    }
    case 'null':
      return json(withValueAt(body, mutation.path, null));
    case 'arrayForObject': {
      const target = valueAt(body, mutation.path);
      const replacement = mutation.entries && isObject(target) ? Object.entries(target) : [target];
      return json(withValueAt(body, mutation.path, replacement));
    }
    case 'malformed':
      return {
        body: malformed(JSON.stringify(body), mutation.variant, mutation.cut),
        contentType: 'application/json',
      };
    case 'contentType':
      return { body: JSON.stringify(body), contentType: mutation.contentType };
  }
}

function malformed(text: string, variant: MalformedVariant, cut: number): string | Uint8Array<ArrayBuffer> {
  switch (variant) {
    case 'truncated':
      return text.slice(0, Math.max(1, Math.floor((text.length * cut) / 100)));
    case 'trailingComma':
      return text.replace(/([}\]])$/, ',$1');
    case 'singleQuotes':
      return text.replaceAll('"', "'");
    case 'unquotedKeys':
      return text.replace(/"([A-Za-z_$][\w$]*)":/g, '$1:');
    case 'byteOrderMark':
      return `\ufeff${text}`;
    case 'comment':
      return `/* fuzz */${text}`;
    case 'twoDocuments':
      return `${text}${text}`;
    case 'nan':
      return 'NaN';
    case 'undefined':
      return 'undefined';
    case 'whitespace':
      return ' \n\t ';
    case 'openBrace':
      return '{';
    case 'nulByte':
      return `${text}\u0000`;
    case 'invalidUtf8': {
      const bytes = Buffer.from(text, 'utf8');
      const at = Math.floor((bytes.length * cut) / 100);
      return new Uint8Array(
        Buffer.concat([bytes.subarray(0, at), Buffer.from([0xc3, 0x28, 0xff]), bytes.subarray(at)]),
      );
    }
  }
}

/** A one-line description of a recipe, for failure messages. */
export function describeMutation(mutation: Mutation): string {
  const at = 'path' in mutation ? ` at ${mutation.path.length ? mutation.path.join('.') : '(body)'}` : '';
  switch (mutation.kind) {
    case 'hugeString':
      return `a ${mutation.length}-character string of ${JSON.stringify(mutation.char)}${at}`;
    case 'deepNesting':
      return `${mutation.shape}s nested ${mutation.depth} deep${at}`;
    default: {
      const { kind, ...rest } = mutation;
      return `${kind}${at} ${JSON.stringify({ ...rest, path: undefined })}`;
    }
  }
}
