/** The parts of an OpenAPI 3.0 document this renderer reads (what @fastify/swagger writes). */
type Schema = { [key: string]: unknown };
interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  description?: string;
  schema?: Schema;
}
interface Operation {
  summary?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Schema }> }>;
  'x-auth'?: string;
  'x-scope'?: string;
  'x-undocumented'?: boolean;
}
/** An OpenAPI 3.0 document (as `app.swagger()` returns it); only `paths` is read. */
export interface OpenApiDocument {
  paths?: Record<string, object | undefined>;
}

const METHOD_ORDER = ['get', 'post', 'put', 'patch', 'delete'];

const AUTH_TEXT: Record<string, string> = {
  session: 'signed in (session cookie)',
  optional: 'with or without a session',
  public: 'none',
  token: 'the secret token in the path',
  twilio: 'Twilio signature (`X-Twilio-Signature`)',
};

/** Orders strings by UTF-16 code units: the same on every machine, whatever its locale or ICU data. */
function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Escapes a table cell: pipes and line breaks would break the row. */
function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

const asSchema = (value: unknown): Schema =>
  typeof value === 'object' && value !== null ? (value as Schema) : {};

/** A schema's type in words: `string`, `integer`, `array of integer`, `"a" \| "b"`, `… or null`. */
function typeOf(schema: Schema): string {
  let text: string;
  if (Array.isArray(schema.enum)) text = schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  else if (Array.isArray(schema.oneOf) || Array.isArray(schema.anyOf)) {
    const branches = (schema.oneOf ?? schema.anyOf) as unknown[];
    text = branches.map((b) => typeOf(asSchema(b))).join(' or ');
  } else if (schema.type === 'array') text = `array of ${typeOf(asSchema(schema.items))}`;
  else if (typeof schema.type === 'string') text = schema.type;
  else text = 'any';
  return schema.nullable === true ? `${text} or null` : text;
}

/** A schema's limits in words (lengths, ranges, counts, pattern, format, default, description). */
function rulesOf(schema: Schema): string {
  const rules: string[] = [];
  const range = (min: unknown, max: unknown, unit: string) => {
    if (typeof min === 'number' && typeof max === 'number') rules.push(`${min}–${max} ${unit}`);
    else if (typeof min === 'number') rules.push(`at least ${min} ${unit}`);
    else if (typeof max === 'number') rules.push(`at most ${max} ${unit}`);
  };
  range(schema.minLength, schema.maxLength, 'characters');
  range(schema.minItems, schema.maxItems, 'items');
  const exclusive = schema.exclusiveMinimum === true;
  // zod's plain `int()` bounds (±2^53 − 1) say nothing a reader needs.
  if (typeof schema.minimum === 'number' && schema.minimum !== Number.MIN_SAFE_INTEGER) {
    rules.push(`${exclusive ? '>' : '≥'} ${schema.minimum}`);
  }
  if (typeof schema.maximum === 'number' && schema.maximum !== Number.MAX_SAFE_INTEGER) {
    rules.push(`≤ ${schema.maximum}`);
  }
  if (typeof schema.pattern === 'string') rules.push(`matches \`${schema.pattern}\``);
  if (typeof schema.format === 'string') rules.push(`format ${schema.format}`);
  if (schema.default !== undefined) rules.push(`default ${JSON.stringify(schema.default)}`);
  if (schema.type === 'array' && typeof schema.items === 'object') {
    const item = rulesOf(asSchema(schema.items));
    if (item) rules.push(`each: ${item}`);
  }
  if (typeof schema.description === 'string') rules.push(schema.description);
  return rules.join('; ');
}

interface Field {
  name: string;
  schema: Schema;
  required: boolean;
}

/** An object schema's fields, nested objects flattened with dotted names (`response.id`). */
function fieldsOf(schema: Schema, prefix = ''): Field[] {
  const properties = asSchema(schema.properties);
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const fields: Field[] = [];
  for (const [name, value] of Object.entries(properties)) {
    const property = asSchema(value);
    fields.push({ name: `${prefix}${name}`, schema: property, required: required.has(name) });
    if (property.type === 'object' && property.properties)
      fields.push(...fieldsOf(property, `${prefix}${name}.`));
  }
  return fields;
}

function fieldTable(title: string, fields: Field[]): string[] {
  if (fields.length === 0) return [];
  return [
    `| ${title} | Type | Required | Rules |`,
    '| --- | --- | --- | --- |',
    ...fields.map(
      (f) =>
        `| \`${f.name}\` | ${cell(typeOf(f.schema))} | ${f.required ? 'yes' : 'no'} | ${cell(rulesOf(f.schema))} |`,
    ),
    '',
  ];
}

/** A body's fields: an object's table, or one table per variant of a `oneOf`, or the bare type. */
function bodyTables(title: string, schema: Schema): string[] {
  const variants = (schema.oneOf ?? schema.anyOf) as unknown[] | undefined;
  if (Array.isArray(variants) && variants.every((v) => asSchema(v).type === 'object')) {
    return variants.flatMap((v, i) => [
      `One of (${i + 1}):`,
      '',
      ...fieldTable(title, fieldsOf(asSchema(v))),
    ]);
  }
  if (schema.type === 'object') return fieldTable(title, fieldsOf(schema));
  if (schema.type === 'array' && asSchema(schema.items).type === 'object') {
    return ['An array of:', '', ...fieldTable(title, fieldsOf(asSchema(schema.items)))];
  }
  const rules = rulesOf(schema);
  return [`${typeOf(schema)}${rules ? ` (${rules})` : ''}`, ''];
}

/** One operation's section. */
function operationSection(method: string, path: string, operation: Operation): string[] {
  const lines = [`### ${method.toUpperCase()} \`${path}\``, ''];
  if (operation['x-undocumented']) return [...lines, '**No contract documented.**', ''];
  if (operation.summary) lines.push(operation.summary, '');
  const auth = AUTH_TEXT[operation['x-auth'] ?? ''] ?? 'unknown';
  lines.push(`Auth: ${auth}. Scope: ${operation['x-scope'] ?? 'none'}.`, '');
  const parameters = operation.parameters ?? [];
  for (const [where, title] of [
    ['path', 'Path parameter'],
    ['query', 'Query parameter'],
  ] as const) {
    lines.push(
      ...fieldTable(
        title,
        parameters
          .filter((p) => p.in === where)
          .map((p) => ({
            name: p.name,
            required: p.required === true,
            schema: { ...p.schema, ...(p.description ? { description: p.description } : {}) },
          })),
      ),
    );
  }
  for (const [type, media] of Object.entries(operation.requestBody?.content ?? {})) {
    lines.push(`Body (\`${type}\`):`, '', ...bodyTables('Field', asSchema(media.schema)));
  }
  lines.push('| Status | Meaning |', '| --- | --- |');
  const responses = Object.entries(operation.responses ?? {}).sort(([a], [b]) => byCodeUnits(a, b));
  for (const [status, response] of responses) {
    lines.push(`| ${status} | ${cell(response.description ?? '')} |`);
  }
  lines.push('');
  for (const [status, response] of responses) {
    if (!status.startsWith('2')) continue;
    const json = asSchema(response.content?.['application/json']?.schema);
    const shape = json.type === 'array' ? asSchema(json.items) : json;
    if (shape.type !== 'object' || !shape.properties) continue;
    lines.push(
      `Reply ${status}${json.type === 'array' ? ' (an array of)' : ''}:`,
      '',
      ...fieldTable('Field', fieldsOf(shape)),
    );
  }
  return lines;
}

const PREAMBLE = `# FamilyHub API

<!-- Generated by \`npm run docs:api\` from the zod contracts (src/core/contracts) through the OpenAPI document
     the development server answers at /api/docs. Do not edit: npm test fails when this file is out of date. -->

Every call is JSON over HTTPS under \`/api\` unless a route says otherwise (SPEC §7). Local times are wall-clock
text \`YYYY-MM-DDTHH:mm:00\` in the family's time zone, without offset; instants are ISO 8601 in UTC.

- **Auth.** "signed in" routes need the session cookie (\`HttpOnly\`, \`SameSite=Lax\`) set by sign-in; without it
  they answer 401. They see only the session's family (row-level security, ADR 008); another family's ids answer
  404 as unknown ids do. Routes with a *system* scope run outside a family (sign-in, links, feeds, webhooks).
  Beside the session cookie, sign-in sets \`fh_signed_in=1\`, which the page reads to know a session is held
  without asking (ADR 029); it grants nothing.
- **Errors** have one shape: \`{ "error": { "code", "message", "fields"? } }\` (\`ApiErrorBody\`); \`fields\` maps each
  invalid field to its first message (SPEC §5 wording) and comes with 400 only. Any state-changing call from
  another origin answers 403; any call may answer 503 with \`Retry-After\` while the database is unavailable.
- **Limits.** Signed-in writes count toward the family's write limit (429 with \`Retry-After\`); bodies are at most
  1 MiB except notes (5 MB content) and calendar imports (5 MB).
- Reply types named \`…Dto\` are declared in src/core/contracts.

`;

/**
 * docs/api.md from the OpenAPI document: per route its method, path, summary, auth and scope, request fields
 * (path, query, body) with types and limits, replies and error statuses. Deterministic: routes sorted by path,
 * then by method (GET, POST, PUT, PATCH, DELETE), grouped under the path's first segment after `/api`.
 */
export function renderApiMarkdown(document: OpenApiDocument): string {
  const operations = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    Object.entries(item ?? {})
      .filter(([method]) => METHOD_ORDER.includes(method))
      .map(([method, operation]) => ({ path, method, operation: asSchema(operation) as Operation })),
  );
  operations.sort(
    (a, b) => byCodeUnits(a.path, b.path) || METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method),
  );
  const lines: string[] = [];
  let group = '';
  for (const { path, method, operation } of operations) {
    const section = path.split('/')[2] ?? '';
    if (section !== group) {
      group = section;
      lines.push(`## ${section}`, '');
    }
    lines.push(...operationSection(method, path, operation));
  }
  return `${PREAMBLE}${lines.join('\n').trimEnd()}\n`;
}
