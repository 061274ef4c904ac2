import { isIdSchema, type JsonSchema } from './api-document-routes';

/** Bad input derived from a route's schemas, for api-robustness.test.ts and the contract tests. */

export * from './api-document-routes';

/** Already URL-encoded path segments that are not a valid id (or, for names, are odd). */
export function badPathValues(schema: JsonSchema): string[] {
  const common = [
    '%00',
    'a%00b',
    '%20',
    '%25',
    '%2e%2e',
    '..%2f..%2fetc',
    encodeURIComponent("1' OR '1'='1"),
    'x'.repeat(3000),
  ];
  if (isIdSchema(schema)) {
    return [
      ...common,
      // Lenient spellings of 1 (an id has one spelling: canonical decimal).
      '01',
      '%2B1',
      '%201',
      '1.0',
      '0x1',
      '1e0',
      'abc',
      '-1',
      '0',
      '1.5',
      'NaN',
      'Infinity',
      '1e400',
      '99999999999999999999',
      '2147483648',
      '9007199254740991',
      '9007199254740993',
      '-9007199254740991',
      '%EF%BC%91', // a full-width digit one
    ];
  }
  return [...common, encodeURIComponent('<script>alert(1)</script>'), encodeURIComponent('🦄'.repeat(60))];
}

let counter = 0;

/** A value the schema accepts; ids point at nothing, so a call that gets through changes nothing. */
export function sample(schema: JsonSchema, name = ''): unknown {
  if (schema.enum) return schema.enum[0];
  // A body of several shapes (single sign-on's OIDC or SAML set-up): the first one.
  const shapes = schema.anyOf ?? schema.oneOf;
  if (shapes?.[0]) return sample(shapes[0], name);
  switch (schema.type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, sample(v, k)]));
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () =>
        sample(schema.items ?? {}, name),
      );
    case 'integer':
    case 'number': {
      if (/id$/i.test(name)) return 999_999;
      let low = schema.minimum ?? 0;
      if (schema.exclusiveMinimum === true) low += 1;
      if (typeof schema.exclusiveMinimum === 'number') low = schema.exclusiveMinimum + 1;
      const value = Math.max(low, name === 'version' ? 1 : 0);
      return Math.min(value, schema.maximum ?? value);
    }
    case 'boolean':
      return false;
    case 'string': {
      if (schema.format === 'date-time') return '2026-11-02T12:00:00Z';
      if (schema.format === 'uri' || /^(issuer|metadataUrl)$/.test(name)) return 'https://idp.example.com';
      if (schema.pattern === '^\\d{4}$') return '4242';
      if (/email/i.test(name)) return `robustness-${++counter}@example.com`;
      if (/password/i.test(name)) return 'robustness-password-1';
      if (name === 'country') return 'US';
      const text = 'robust'.repeat(Math.ceil(Math.max(schema.minLength ?? 1, 6) / 6));
      return text.slice(0, Math.max(schema.maxLength ?? text.length, schema.minLength ?? 1));
    }
    default:
      return 'x';
  }
}

const big = (n: number) => 'a'.repeat(n);

/** Whole bodies that are not what the route takes (raw payloads; `undefined` = no body at all). */
export function badBodies(
  schema: JsonSchema,
): Array<{ label: string; payload?: string; contentType?: string | null }> {
  let nested = '0';
  for (let i = 0; i < 5000; i++) nested = `{"a":${nested}}`;
  let nestedArray = '0';
  for (let i = 0; i < 5000; i++) nestedArray = `[${nestedArray}]`;
  const valid = sample(schema);
  // Sent as JSON, each named by what is wrong with it.
  const wrongJson: Record<string, string> = {
    'empty JSON body': '',
    null: 'null',
    string: '"just a string"',
    number: '12345',
    boolean: 'true',
    'empty object': '{}',
    'empty array': '[]',
    'array instead of object': JSON.stringify([valid]),
    'object instead of array': JSON.stringify(Array.isArray(valid) ? valid[0] : { 0: valid }),
    'invalid JSON': '{"a": ',
    'deeply nested object': nested,
    'deeply nested array': nestedArray,
    '300 KB string': JSON.stringify({ value: big(300_000) }),
    '300 KB string body': JSON.stringify(big(300_000)),
    '__proto__ key': '{"__proto__": {"isAdmin": true}}',
    'constructor.prototype key': '{"constructor": {"prototype": {"isAdmin": true}}}',
  };
  // A valid body under a type the API does not take.
  const wrongType: Record<string, [payload: string, contentType: string]> = {
    'text/plain': [JSON.stringify(valid), 'text/plain'],
    'form-encoded': ['a=1&b=2', 'application/x-www-form-urlencoded'],
    'garbage content-type': [JSON.stringify(valid), 'application/x-unknown; charset=bogus'],
  };
  return [
    { label: 'no body', payload: undefined, contentType: null },
    ...Object.entries(wrongJson).map(([label, payload]) => ({ label, payload })),
    ...Object.entries(wrongType).map(([label, [payload, contentType]]) => ({ label, payload, contentType })),
  ];
}

type Path = Array<string | number>;

function setAt(target: unknown, path: Path, value: unknown, remove = false): unknown {
  const copy = structuredClone(target) as Record<string | number, unknown>;
  let node = copy as Record<string | number, unknown>;
  for (const step of path.slice(0, -1)) node = node[step] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (remove) delete node[last];
  else node[last] = value;
  return copy;
}

/** Wrong values for each field of a valid body: bodies that must still be refused with a 4xx. */
export function fieldMutations(schema: JsonSchema): Array<{ label: string; body: unknown }> {
  const valid = sample(schema);
  const out: Array<{ label: string; body: unknown }> = [];
  const visit = (s: JsonSchema, path: Path, required: boolean) => {
    const where = path.join('.') || '(body)';
    const add = (what: string, value: unknown) =>
      out.push({ label: `${where} ${what}`, body: setAt(valid, path, value) });
    if (path.length > 0) {
      if (required) out.push({ label: `${where} missing`, body: setAt(valid, path, undefined, true) });
      if (!s.nullable) add('null', null);
    }
    if (s.type === 'object') {
      if (path.length > 0) {
        add('as array', []);
        add('as string', 'x');
      }
      out.push({
        label: `${where} with an unknown field`,
        body: setAt(valid, [...path, 'unexpectedField'], 1),
      });
      for (const [k, v] of Object.entries(s.properties ?? {}))
        visit(v, [...path, k], (s.required ?? []).includes(k));
    } else if (s.type === 'array') {
      if (path.length > 0) add('as object', {});
      if ((s.minItems ?? 0) > 0) add('empty', []);
      if (s.maxItems !== undefined)
        add(
          'too many items',
          Array.from({ length: s.maxItems + 1 }, () => sample(s.items ?? {})),
        );
      if (s.items?.type === 'object' && path.length === 0) {
        for (const [k, v] of Object.entries(s.items.properties ?? {}))
          visit(v, [0, k], (s.items.required ?? []).includes(k));
      }
    } else if (s.type === 'string') {
      add('as number', 12345);
      add('as object', { a: 1 });
      add('as array', ['x']);
      add('200 KB long', big(200_000));
      add('300 KB long', big(300_000));
      if (s.enum) add('not in enum', 'not-a-choice');
      if ((s.minLength ?? 0) > 0) add('empty', '');
      if (s.maxLength !== undefined) add('one over maxLength', big(s.maxLength + 1));
      // No text may hold NUL, passwords and license keys included: refused in validation.
      add('with a NUL byte', `robust\u0000ness${/email/.test(String(path.at(-1))) ? '@example.com' : ''}`);
    } else if (s.type === 'integer' || s.type === 'number') {
      add('as string', 'abc');
      add('as numeric string', '1');
      add('as boolean', true);
      add('negative', -1);
      if (s.type === 'integer') add('fractional', 1.5);
      add('1e20', 1e20);
      add('2^31 (beyond a PostgreSQL integer)', 2_147_483_648);
      add('2^53 - 1', 9_007_199_254_740_991);
      add('-2^53', -9_007_199_254_740_992);
    } else if (s.type === 'boolean') {
      add('as string', 'true');
      add('as number', 1);
    }
  };
  visit(schema, [], true);
  return out;
}

/** Query strings nobody documented. */
export function oddQueries(): string[] {
  return [
    'a=1&a=2&a=3',
    '__proto__[isAdmin]=true',
    'constructor[prototype][x]=1',
    '%00=%00',
    'id=-1&orgId=abc',
    `q=${'x'.repeat(20_000)}`,
    '[]=1&[][]=2',
    '%E0%A4%A',
    'a[b][c][d][e][f][g]=1',
    '&&&==&',
  ];
}
