import { z } from 'zod';
import type { ApiEndpoint, Contract } from '@tt/domain';

type Parameter = ApiEndpoint['parameters'][number];
interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  minimum?: number;
  maximum?: number;
  default?: unknown;
}

/** A field's type as a reader wants it: `integer (1-5000, default 1)`, `one of 7d, 30d`, `array of object`. */
function typeOf(schema: JsonSchema): string {
  if (schema.enum) return `one of ${schema.enum.map(String).join(', ')}`;
  if (schema.anyOf) return schema.anyOf.map(typeOf).join(' or ');
  const base = Array.isArray(schema.type) ? schema.type.join(' or ') : (schema.type ?? 'any');
  if (base === 'array' && schema.items) return `array of ${typeOf(schema.items)}`;
  // A bound past any real value (an id's, a page number's safe-integer cap) tells a reader nothing.
  const shown = (n: number | undefined) => n !== undefined && Math.abs(n) < 1e9;
  const bounds =
    shown(schema.minimum) && shown(schema.maximum)
      ? `${schema.minimum}-${schema.maximum}`
      : shown(schema.minimum)
        ? `from ${schema.minimum}`
        : null;
  const extras = [bounds, schema.default !== undefined ? `default ${JSON.stringify(schema.default)}` : null];
  const said = extras.filter(Boolean).join(', ');
  return said ? `${base} (${said})` : base;
}

function fieldsOf(schema: z.ZodType | undefined, where: Parameter['in']): Parameter[] {
  if (!schema) return [];
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const required = new Set(json.required ?? []);
  return Object.entries(json.properties ?? {}).map(([name, field]) => ({
    name,
    in: where,
    // A query field with a default may be left out, whatever the schema's output requires.
    required: required.has(name) && field.default === undefined,
    type: typeOf(field),
    description: field.description ?? null,
  }));
}

/**
 * The public API as this server registered it (ADR 050): every route whose contract names an API scope, with
 * the parameters its own schemas declare. Nothing here is written by hand, so the API Docs tab cannot drift from
 * what the server accepts.
 */
export function describePublicApi(contracts: readonly Contract[]): ApiEndpoint[] {
  return contracts
    .filter((c): c is Contract & { apiScope: NonNullable<Contract['apiScope']> } => c.apiScope !== undefined)
    .map((c) => ({
      method: c.method,
      path: c.path,
      scope: c.apiScope,
      summary: c.summary ?? c.description ?? null,
      access: c.access,
      parameters: [
        ...[...c.path.matchAll(/:([A-Za-z0-9_]+)/g)].map(([, name]): Parameter => ({
          name: name!,
          in: 'path',
          required: true,
          type: 'integer',
          description: null,
        })),
        ...fieldsOf(c.headers, 'header'),
        ...fieldsOf(c.query, 'query'),
        ...fieldsOf(c.body, 'body'),
      ],
    }))
    .sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}
