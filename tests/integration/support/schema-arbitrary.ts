import fc from 'fast-check';
import { z } from 'zod';

/**
 * fast-check arbitraries for request bodies, made from the schema a handler parses them with: a zod schema
 * through zod's own JSON Schema output (its public, stable description of the input side), or a JSON
 * Schema as is (the JSON Resume document). Only what our schemas use is understood; anything else gives
 * any JSON value. Refinements have no JSON Schema form, so a few generated bodies fail them: they are
 * still fine fuzz bodies, and the suite checks each body against the schema itself before judging.
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  definitions?: Record<string, JsonSchema>;
  $defs?: Record<string, JsonSchema>;
};

/** Lists are kept short: a fuzz body explores shapes, not volume (the mutations bring the volume). */
const MAX_GENERATED_ITEMS = 4;
/** Strings too: a 5,000-character limit is reached by the huge-string mutation, not here. */
const MAX_GENERATED_CHARS = 40;
const MAX_DEPTH = 8;

/** The JSON Schema of what a zod schema accepts as input, refinements and transforms left out. */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** An arbitrary of values that (refinements aside) the schema accepts. */
export function arbitraryOf(schema: z.ZodType | object): fc.Arbitrary<unknown> {
  const root = (schema instanceof z.ZodType ? jsonSchemaOf(schema) : schema) as JsonSchema;
  return build(root, root, 0);
}

function resolve(root: JsonSchema, ref: string): JsonSchema {
  const match = /^#\/(definitions|\$defs)\/(.+)$/.exec(ref);
  const found = match ? root[match[1] as 'definitions' | '$defs']?.[match[2] as string] : undefined;
  if (!found) throw new Error(`unresolved $ref ${ref}`);
  return found;
}

function build(node: JsonSchema, root: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (depth > MAX_DEPTH) return fc.constant(null);
  if (node.$ref) return build(resolve(root, node.$ref), root, depth);
  if (node.const !== undefined) return fc.constant(node.const);
  if (node.enum) return fc.constantFrom(...node.enum);
  const alternatives = node.anyOf ?? node.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((a) => build(a, root, depth + 1)));
  if (node.allOf?.[0]) return build(node.allOf[0], root, depth);
  if (Array.isArray(node.type)) {
    return fc.oneof(...node.type.map((type) => build({ ...node, type }, root, depth)));
  }
  switch (node.type) {
    case 'object':
      return objectOf(node, root, depth);
    case 'array':
      return fc.array(node.items ? build(node.items, root, depth + 1) : fc.jsonValue({ maxDepth: 1 }), {
        minLength: node.minItems ?? 0,
        maxLength: Math.min(node.maxItems ?? MAX_GENERATED_ITEMS, (node.minItems ?? 0) + MAX_GENERATED_ITEMS),
      });
    case 'string':
      return stringOf(node);
    case 'integer':
      return fc.integer({
        min: Math.max(node.minimum ?? Number.MIN_SAFE_INTEGER, (node.exclusiveMinimum ?? -Infinity) + 1),
        max: Math.min(node.maximum ?? Number.MAX_SAFE_INTEGER, (node.exclusiveMaximum ?? Infinity) - 1),
      });
    case 'number':
      return fc.double({
        noNaN: true,
        noDefaultInfinity: true,
        ...(node.minimum === undefined ? {} : { min: node.minimum }),
        ...(node.maximum === undefined ? {} : { max: node.maximum }),
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function objectOf(node: JsonSchema, root: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const properties = node.properties ?? {};
  const known = fc.record(
    Object.fromEntries(
      Object.entries(properties).map(([key, value]) => [key, build(value, root, depth + 1)]),
    ),
    { requiredKeys: (node.required ?? []).filter((key) => key in properties) },
  );
  const extra = node.additionalProperties;
  if (typeof extra !== 'object' || Object.keys(properties).length > 0) return known;
  // A map (e.g. an analytics event's properties): names from propertyNames, values from the schema.
  const keyArb = node.propertyNames ? stringOf(node.propertyNames) : fc.string({ maxLength: 12 });
  return fc.dictionary(keyArb, build(extra, root, depth + 1), { maxKeys: 4 });
}

function stringOf(node: JsonSchema): fc.Arbitrary<string> {
  const min = node.minLength ?? 0;
  const max = Math.min(node.maxLength ?? MAX_GENERATED_CHARS, Math.max(min, MAX_GENERATED_CHARS));
  const fits = (s: string) => s.length >= min && s.length <= (node.maxLength ?? Infinity);
  switch (node.format) {
    case 'date-time':
      return fc
        .date({ min: new Date('1970-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString());
    case 'email':
      return fc.emailAddress().filter(fits);
    case 'uri':
    case 'url':
      return fc.webUrl().filter(fits);
    default:
      break;
  }
  if (node.pattern) {
    try {
      return fc.stringMatching(new RegExp(node.pattern)).filter(fits);
    } catch {
      // A pattern fast-check cannot generate from (a lookahead): plain strings, most of them refused.
    }
  }
  return fc.string({ minLength: min, maxLength: max, unit: 'grapheme' });
}
