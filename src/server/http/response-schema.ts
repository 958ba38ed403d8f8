import { z } from 'zod';

type JsonSchema = { [key: string]: unknown };

/**
 * Rewrites `anyOf: [{ type: T }, { type: 'null' }]` (what zod emits for a nullable non-string) as
 * `type: [T, 'null']`, which fast-json-stringify serializes directly instead of validating each branch.
 */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (typeof node !== 'object' || node === null) return node;
  const schema = node as JsonSchema;
  const branches = schema.anyOf;
  if (Array.isArray(branches) && branches.length === 2) {
    const [first, second] = branches as JsonSchema[];
    const other = second?.type === 'null' ? first : first?.type === 'null' ? second : undefined;
    if (other && typeof other.type === 'string' && other.type !== 'object' && other.type !== 'array') {
      return { type: [other.type, 'null'] };
    }
  }
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key]) => key !== '$schema')
      .map(([key, value]) => [key, simplify(value)]),
  );
}

/**
 * The JSON Schema (draft-07, as Fastify's fast-json-stringify reads it) of a zod contract's output, for a route's
 * `schema.response`: Fastify then serializes the reply with a function compiled from it instead of
 * `JSON.stringify`, and leaves out any property the contract does not list.
 * @throws Error (from zod) for a schema JSON Schema cannot express (transforms, custom types).
 */
export function responseSchema(schema: z.ZodType): JsonSchema {
  return simplify(z.toJSONSchema(schema, { target: 'draft-7', io: 'output' })) as JsonSchema;
}
