/** Helpers of document-constraints.test.ts: the constraints a route's document states, and values at their edges. */
import type { JsonSchema, Route } from './api-robustness';

export const KEYWORDS = [
  'maxLength',
  'minLength',
  'pattern',
  'maximum',
  'minimum',
  'exclusiveMinimum',
  'enum',
  'format',
  'multipleOf',
] as const;
export type Keyword = (typeof KEYWORDS)[number];

export interface Constraint {
  in: 'path' | 'query' | 'body';
  /** The parameter's name, or the body field's path. */
  name: string;
  path: Array<string | number>;
  /** How the server's message names the field ("reports.0.time: …"). */
  field: string;
  schema: JsonSchema;
  keyword: Keyword;
}

interface Operation {
  parameters?: Array<{ in: string; name: string; schema?: JsonSchema }>;
}

/** Formats the document states that the walk checks; date-time is stated by its pattern as well. */
const WALKED_FORMATS = new Set(['date', 'email']);

function constraintsAt(schema: JsonSchema, at: Omit<Constraint, 'schema' | 'keyword'>): Constraint[] {
  return KEYWORDS.filter(
    (k) => k in schema && (k !== 'format' || WALKED_FORMATS.has(String(schema.format))),
  ).map((keyword) => ({ ...at, schema, keyword }));
}

function bodyConstraints(schema: JsonSchema, path: Array<string | number>): Constraint[] {
  if (schema.type === 'object')
    return Object.entries(schema.properties ?? {}).flatMap(([k, v]) => bodyConstraints(v, [...path, k]));
  if (schema.type === 'array') return schema.items ? bodyConstraints(schema.items, [...path, 0]) : [];
  if (path.length === 0) return [];
  const field = path.join('.');
  return constraintsAt(schema, { in: 'body', name: field, path, field });
}

/** Every constraint stated on the route's path parameters, query parameters and JSON body. */
export function constraintsOf(route: Route, operation: Operation): Constraint[] {
  const parameters = (operation.parameters ?? []).filter((p) => p.in === 'path' || p.in === 'query');
  return [
    ...parameters.flatMap((p) =>
      constraintsAt(p.schema ?? {}, { in: p.in as 'path' | 'query', name: p.name, path: [], field: p.name }),
    ),
    ...(route.body ? bodyConstraints(route.body, []) : []),
  ];
}

/** Texts of exactly n characters: plain, digits, an e-mail address, a date-time, host names. */
const texts = (n: number) =>
  n < 0
    ? []
    : [
        // First: names of at most 200 characters between ';' also fit a list of host names.
        `${'a'.repeat(200)};`.repeat(Math.ceil(n / 201)).slice(0, n),
        'a'.repeat(n),
        '1'.repeat(n),
        ...(n >= 14 ? [`${'a'.repeat(n - 12)}@example.com`] : []),
        ...(n >= 27 ? [`2026-11-20T10:00:00.${'1'.repeat(n - 26)}+16:52`] : []),
        // A webhook endpoint's address, on the test's own machine (the demo sends there).
        ...(n >= 18 ? [`http://127.0.0.1/${'a'.repeat(n - 17)}`] : []),
      ];

/** Texts that fit, or just miss, the patterns and formats the API uses. */
const PATTERN_INSIDE = [
  '2147483647',
  '1',
  '123456',
  ' 12 34 56',
  '2028-02-29',
  '2026-11-20T10:00:00+16:52',
  '4242',
  '2026-000001',
  'Ab0',
  'a',
  'a b./-',
  'YWJj',
  'walker@example.com',
  'ABCDE-23456',
  'http://127.0.0.1/hooks',
  'example.com',
];
const PATTERN_OUTSIDE = [
  '2147483648',
  '0',
  '01',
  '12345',
  '1234567',
  '2026-02-30',
  '0000-00-00',
  '2026-11-20T10:00:00+24:00',
  '2026-00001',
  '123',
  'a\u0000b',
  'a b!',
  '=abc',
  '1000000',
];

/** Candidate values just inside and just outside one constraint (the document picks among them). */
export function boundaryValues(c: Constraint): { inside: unknown[]; outside: unknown[] } {
  const s = c.schema;
  const step = s.type === 'integer' ? 1 : 0.01;
  const round = (n: number) => Math.round(n * 100) / 100;
  switch (c.keyword) {
    case 'maxLength':
      return { inside: texts(s.maxLength!), outside: texts(s.maxLength! + 1) };
    case 'minLength':
      return {
        inside: [...texts(s.minLength!), ...(s.enum ?? []), ...PATTERN_INSIDE],
        outside: texts(s.minLength! - 1),
      };
    case 'pattern':
      return { inside: PATTERN_INSIDE, outside: PATTERN_OUTSIDE };
    case 'maximum':
      return { inside: [s.maximum!], outside: [round(s.maximum! + step), s.maximum! + 1] };
    case 'minimum':
    case 'exclusiveMinimum': {
      const m = s.minimum ?? 0;
      return { inside: [m, round(m + step), m + 1], outside: [m, round(m - step), m - 1] };
    }
    case 'multipleOf':
      return { inside: [12.34, 0.01, 1, 0], outside: [12.345, 0.005, 1.001] };
    case 'enum':
      return { inside: [s.enum![0], s.enum![s.enum!.length - 1]], outside: ['ZZ', 'not-a-choice', 'XX'] };
    case 'format':
      return s.format === 'date'
        ? { inside: ['2028-02-29', '2026-11-20'], outside: ['2026-02-30', '0000-00-00', '2026-13-01'] }
        : { inside: ['walker@example.com'], outside: ['not-an-email', 'walker@example'] };
  }
}

/** `sample`'s value with each text that misses its field's pattern replaced by one that fits it. */
export function fitPatterns(schema: JsonSchema, value: unknown): unknown {
  if (schema.type === 'string' && schema.pattern && typeof value === 'string') {
    const pattern = new RegExp(schema.pattern, 'u');
    return pattern.test(value) ? value : (PATTERN_INSIDE.find((v) => pattern.test(v)) ?? value);
  }
  if (schema.type === 'array' && Array.isArray(value))
    return value.map((v) => fitPatterns(schema.items ?? {}, v));
  if (schema.type === 'object' && value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    return Object.fromEntries(
      Object.entries(record).map(([k, v]) => [k, fitPatterns(schema.properties?.[k] ?? {}, v)]),
    );
  }
  return value;
}

/** Path parameters that fit their patterns (ids, credit note numbers); the rest as fillPath has them. */
export const fittingParams = (route: Route): Record<string, string> =>
  Object.fromEntries(
    route.params
      .filter((p) => p.schema.pattern)
      .map((p) => [p.name, encodeURIComponent(String(fitPatterns(p.schema, 'zz-walk-unknown')))]),
  );
