import fc from 'fast-check';

/**
 * Request fuzzing from the OpenAPI document (issue 15 item 3). The document is generated from the
 * same zod schemas that validate requests, so its JSON Schema is the contract: well-formed values
 * reach the handlers, and one field at a time is then replaced by a hostile value (control
 * characters, lone surrogates, 1 MB strings, wrong types, huge and negative numbers, invalid dates)
 * or the whole body by a hostile payload (deep nesting, truncated JSON and multipart, wrong content
 * types). zod-fast-check does not support zod 4, so the arbitraries are read from the JSON Schema.
 * Routes outside the document (hidden ones such as /go/:productId, /r/:code, /ws) get hostile path
 * and query values. The gate: no answer >= 500.
 */

export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  nullable?: boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

type OpenApiOperation = {
  parameters?: { in: 'path' | 'query' | 'header' | 'cookie'; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  consumes?: string[];
};
export type OpenApiDocument = { paths: Record<string, Record<string, OpenApiOperation>> };

export type FuzzOperation = {
  method: string;
  /** The route as Fastify registered it (/api/leads/:id). */
  route: string;
  path: { name: string; schema: JsonSchema }[];
  query: { name: string; required: boolean; schema: JsonSchema }[];
  /** The JSON body's schema; undefined for a route without a JSON body. */
  body: JsonSchema | undefined;
  /** Whether the route reads a body at all (POST, PUT, PATCH, DELETE). */
  takesBody: boolean;
  /** Listed in the OpenAPI document (else only hostile path and query values are generated). */
  documented: boolean;
};

export type FuzzRequest = {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** What was hostile about it, for the report. */
  label: string;
};

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The operations to fuzz: every route the server registered, described by the document where it is listed. */
export function fuzzOperations(document: OpenApiDocument, routes: readonly { method: string; url: string }[]): FuzzOperation[] {
  return routes.map(({ method, url }) => {
    const openApiPath = url.replace(/:([A-Za-z_]\w*)/g, '{$1}');
    const operation = document.paths[openApiPath]?.[method.toLowerCase()];
    const pathNames = [...url.matchAll(/:([A-Za-z_]\w*)|\*/g)].map((match) => match[1] ?? '*');
    const parameters = operation?.parameters ?? [];
    return {
      method,
      route: url,
      path: pathNames.map((name) => ({ name, schema: parameters.find((p) => p.in === 'path' && p.name === name)?.schema ?? { type: 'string', maxLength: 64 } })),
      query: parameters.filter((p) => p.in === 'query').map((p) => ({ name: p.name, required: p.required === true, schema: p.schema ?? {} })),
      body: operation?.requestBody?.content?.['application/json']?.schema,
      takesBody: BODY_METHODS.has(method),
      documented: operation !== undefined,
    };
  });
}

const MEGABYTE = 1024 * 1024;
const iso = (date: Date) => date.toISOString();

/** A fast-check arbitrary of the values a JSON Schema (the subset zod's toJSONSchema writes) accepts. */
export function arbitraryOf(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fc.jsonValue({ maxDepth: 2 });
  const value = arbitraryOfType(schema, depth);
  return schema.nullable ? fc.option(value, { nil: null, freq: 5 }) : value;
}

function arbitraryOfType(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map((choice) => arbitraryOf(choice, depth + 1)));
  if (schema.allOf?.length) return arbitraryOf(schema.allOf[0], depth + 1);
  const types = [schema.type ?? []].flat();
  if (types.length > 1) return fc.oneof(...types.map((type) => arbitraryOf({ ...schema, type }, depth + 1)));
  switch (types[0]) {
    case 'string':
      return stringOf(schema);
    case 'integer':
    case 'number': {
      const exclusiveMin = schema.exclusiveMinimum === true ? 1 : 0;
      const min = Math.max(schema.minimum ?? -1_000_000, Number.MIN_SAFE_INTEGER) + exclusiveMin;
      const max = Math.min(schema.maximum ?? 1_000_000, Number.MAX_SAFE_INTEGER);
      const integers = fc.oneof(fc.constantFrom(min, max), fc.integer({ min: Math.max(min, -2_147_483_648), max: Math.min(max, 2_147_483_647) }));
      return types[0] === 'integer' ? integers : fc.oneof(integers, fc.double({ min, max, noNaN: true, noDefaultInfinity: true }));
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(arbitraryOf(schema.items, depth + 1), { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 4, Math.max(schema.minItems ?? 0, 4)) });
    case 'object': {
      const properties = schema.properties ?? {};
      const record = Object.fromEntries(Object.entries(properties).map(([key, property]) => [key, fieldArbitrary(key, property, depth + 1)]));
      return fc.record(record, { requiredKeys: (schema.required ?? []).filter((key) => key in properties) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/**
 * zod's e-mail and phone checks are refinements the JSON Schema does not carry: such fields mostly get
 * values of their shape, so that most generated requests pass validation and reach the handler.
 */
const FIELD_SHAPES: [RegExp, fc.Arbitrary<string>][] = [
  [/(^|_)email$/, fc.tuple(fc.stringMatching(/^[a-z][a-z0-9.+_-]{0,15}[a-z0-9]$/), fc.constantFrom('example.com', 'mail.example.org')).map(([local, domain]) => `${local}@${domain}`)],
  [/(^|_)phone$/, fc.stringMatching(/^\+44 20 7946 0[0-9]{3}$/)],
];

function fieldArbitrary(key: string, schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const shape = FIELD_SHAPES.find(([pattern]) => pattern.test(key))?.[1];
  const anyValue = arbitraryOf(schema, depth);
  return shape ? fc.oneof({ arbitrary: shape, weight: 4 }, { arbitrary: anyValue, weight: 1 }) : anyValue;
}

function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'date-time') return fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2040-01-01T00:00:00Z'), noInvalidDate: true }).map(iso);
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.pattern) {
    const matching = fc.stringMatching(new RegExp(schema.pattern));
    return schema.maxLength === undefined ? matching : matching.filter((text) => text.length <= schema.maxLength!);
  }
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 40));
  return fc.oneof(
    fc.string({ minLength, maxLength }),
    fc.string({ minLength, maxLength, unit: 'binary' }),
    fc.constantFrom(...[schema.maxLength ?? 40, minLength].map((length) => 'x'.repeat(length))),
  );
}

/** Values that break code assuming the schema's type or a tame character set. */
export const HOSTILE_VALUES: readonly unknown[] = [
  '\u0000',
  'a\u0001\u0008\u000b\u001b[31m\u007f\u0085b',
  '\ud800',
  'x\udfffy',
  '\ufeff\u202e\u200b',
  'x'.repeat(MEGABYTE),
  '',
  '   ',
  '<script>alert(1)</script>',
  "' OR 1=1; --",
  '../../../etc/passwd',
  "=HYPERLINK(\"http://x\")",
  '__proto__',
  '2026-02-30T00:00:00Z',
  '2026-13-45',
  '0000-00-00T00:00:00Z',
  '+275760-09-13T00:00:00.001Z',
  'not a date',
  '00000000-0000-0000-0000-000000000000',
  'https://evil.example/\u0000',
  'javascript:alert(1)',
  -1,
  0,
  -0.5,
  1.5,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  -(2 ** 63),
  1e308,
  -1e308,
  true,
  null,
  [],
  [null],
  {},
  { __proto__: null, constructor: { prototype: { polluted: true } } },
  Array.from({ length: 1000 }, (_, index) => index),
];

/** Raw path and query fragments (already in URL form): bad escapes, encoded NUL and surrogates, long segments. */
export const HOSTILE_URL_FRAGMENTS: readonly string[] = [
  '%00',
  '%',
  '%zz',
  '%ED%A0%80',
  '%C0%AF',
  '%FF%FE',
  '..%2F..%2Fetc%2Fpasswd',
  '%0d%0aSet-Cookie:%20x=1',
  'a'.repeat(8192),
  '-1',
  '1e400',
  'NaN',
  '0x1F',
  '99999999999999999999999',
  '%20',
  '[]',
  '%7B%7D',
];

type RawBody = { contentType?: string; payload: string | Buffer; label: string };
const BOUNDARY = 'fuzzboundary';

/** Whole bodies no schema allows: deep nesting, truncation, wrong content types, oversize. */
export const HOSTILE_BODIES: readonly RawBody[] = [
  { contentType: 'application/json', payload: '['.repeat(100_000) + ']'.repeat(100_000), label: 'JSON nested 100,000 deep' },
  { contentType: 'application/json', payload: '{"a":'.repeat(50_000) + '1' + '}'.repeat(50_000), label: 'JSON objects nested 50,000 deep' },
  { contentType: 'application/json', payload: '{"name":"trunc', label: 'truncated JSON' },
  { contentType: 'application/json', payload: '', label: 'empty JSON body' },
  { contentType: 'application/json', payload: 'null', label: 'JSON null' },
  { contentType: 'application/json', payload: '[]', label: 'JSON array' },
  { contentType: 'application/json', payload: '"text"', label: 'JSON string' },
  { contentType: 'application/json', payload: '1e400', label: 'JSON number beyond double' },
  { contentType: 'application/json', payload: '{"a":"\\ud800","b":"\\u0000"}', label: 'JSON escaped lone surrogate and NUL' },
  { contentType: 'application/json', payload: '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}', label: 'prototype pollution' },
  { contentType: 'application/json', payload: '\ufeff{}', label: 'JSON with a BOM' },
  { contentType: 'application/json', payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0xff, 0x22, 0x7d]), label: 'JSON with invalid UTF-8' },
  { contentType: 'application/json', payload: `{"a":"${'x'.repeat(2 * MEGABYTE)}"}`, label: 'JSON body of 2 MB' },
  { contentType: 'application/json; charset=utf-16', payload: '{}', label: 'JSON in UTF-16' },
  { contentType: 'text/plain', payload: 'hello', label: 'text/plain' },
  { contentType: 'text/plain', payload: '{"visitor_id":"\u0000","referral_code":' + '['.repeat(10_000), label: 'text/plain holding broken JSON' },
  { contentType: 'application/xml', payload: '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY e "e">]><a>&e;</a>', label: 'XML' },
  { contentType: 'application/x-www-form-urlencoded', payload: 'a=1&a=2&__proto__[x]=1', label: 'form encoded' },
  { contentType: 'multipart/form-data', payload: '--x\r\n', label: 'multipart without boundary' },
  {
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="leads.csv"\r\nContent-Type: text/csv\r\n\r\nname,email\r\nAda,ada@x.io\r\n`,
    label: 'truncated multipart (no closing boundary)',
  },
  {
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="../../x\u0000.csv"\r\n\r\nname,email\r\n\u0000,\ud800\r\n--${BOUNDARY}--\r\n`,
    label: 'multipart with NUL in the filename and the file',
  },
  {
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="mapping"\r\n\r\n{"name":` + `--${BOUNDARY}--\r\n`,
    label: 'multipart with a field and no file',
  },
  { contentType: 'application/octet-stream', payload: Buffer.alloc(4096, 0xff), label: 'binary octet-stream' },
  { payload: '{"a":1}', label: 'body without a content type' },
];

/** A value as a URL query or path fragment; a lone surrogate (not encodable) is sent as its broken UTF-8. */
function urlEncode(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value) ?? '';
  try {
    return encodeURIComponent(text);
  } catch {
    return [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
  }
}

function buildUrl(operation: FuzzOperation, pathValues: string[], query: [string, string][]): string {
  let index = 0;
  const path = operation.route.replace(/:[A-Za-z_]\w*|\*/g, () => pathValues[index++] ?? 'x');
  const search = query.map(([name, value]) => `${encodeURIComponent(name)}=${value}`).join('&');
  return search ? `${path}?${search}` : path;
}

/** A request whose every part follows the schema, or one whose one part is replaced by a hostile value. */
export function requestArbitrary(operation: FuzzOperation): fc.Arbitrary<FuzzRequest> {
  const pathArb = fc.tuple(...operation.path.map((param) => arbitraryOf(param.schema).map(urlEncode)));
  const queryArb = fc.tuple(
    ...operation.query.map((param) =>
      (param.required ? arbitraryOf(param.schema).map((v) => [v]) : fc.option(arbitraryOf(param.schema).map((v) => [v]), { nil: [] })).map((values) =>
        values.map((value) => [param.name, urlEncode(value)] as [string, string]),
      ),
    ),
  ).map((pairs) => pairs.flat());
  const bodyArb: fc.Arbitrary<unknown> = operation.body ? arbitraryOf(operation.body) : fc.constant(undefined);
  const wellFormed = fc.record({ path: pathArb, query: queryArb, body: bodyArb });

  const toRequest = (path: string[], query: [string, string][], body: unknown, label: string, raw?: RawBody): FuzzRequest => {
    const headers: Record<string, string> = {};
    let payload: string | Buffer | undefined;
    if (raw) {
      if (raw.contentType) headers['content-type'] = raw.contentType;
      payload = raw.payload;
    } else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    } else if (operation.takesBody && operation.method !== 'DELETE') {
      headers['content-type'] = 'application/json';
      payload = '{}';
    }
    return { method: operation.method, url: buildUrl(operation, path, query), headers, ...(payload !== undefined ? { payload } : {}), label };
  };

  const variants: fc.Arbitrary<FuzzRequest>[] = [wellFormed.map(({ path, query, body }) => toRequest(path, query, body, 'well-formed'))];
  if (operation.path.length > 0) {
    variants.push(
      fc.tuple(wellFormed, fc.nat(operation.path.length - 1), fc.oneof(fc.constantFrom(...HOSTILE_URL_FRAGMENTS), fc.constantFrom(...HOSTILE_VALUES).map(urlEncode))).map(
        ([base, index, fragment]) => toRequest(base.path.map((value, i) => (i === index ? fragment : value)), base.query, base.body, `path ${operation.path[index]!.name} = ${fragment.slice(0, 40)}`),
      ),
    );
  }
  const queryNames = [...operation.query.map((param) => param.name), 'unknown_param'];
  variants.push(
    fc.tuple(wellFormed, fc.constantFrom(...queryNames), fc.oneof(fc.constantFrom(...HOSTILE_URL_FRAGMENTS), fc.constantFrom(...HOSTILE_VALUES).map(urlEncode)), fc.boolean()).map(
      ([base, name, fragment, repeat]) => {
        // A repeated key (HTTP parameter pollution) arrives as an array.
        const query: [string, string][] = [...base.query.filter(([key]) => key !== name), [name, fragment], ...(repeat ? [[name, 'x'] as [string, string]] : [])];
        return toRequest(base.path, query, base.body, `query ${name} = ${fragment.slice(0, 40)}${repeat ? ' (repeated)' : ''}`);
      },
    ),
  );
  if (operation.takesBody) {
    const fields = Object.keys(operation.body?.properties ?? {});
    variants.push(
      fc.tuple(wellFormed, fc.constantFrom(...fields, '__extra__'), fc.constantFrom(...HOSTILE_VALUES)).map(([base, field, value]) => {
        const body = base.body && typeof base.body === 'object' && !Array.isArray(base.body) ? { ...base.body, [field]: value } : { [field]: value };
        return toRequest(base.path, base.query, body, `body ${field} = ${describeValue(value)}`);
      }),
      fc.tuple(wellFormed, fc.constantFrom(...HOSTILE_BODIES)).map(([base, raw]) => toRequest(base.path, base.query, undefined, `body: ${raw.label}`, raw)),
    );
  }
  return fc.oneof(...variants);
}

export function describeValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}… (${value.length} chars)` : value);
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 60)}… (${text.length} chars)` : text;
}

export type FuzzCaller = { name: string; cookie: () => Promise<string | undefined> };
export type FuzzResponse = { statusCode: number; body: string };
export type FuzzFailure = { caller: string; request: FuzzRequest; statusCode: number; body: string };
export type FuzzReport = { requests: number; operations: number; failures: FuzzFailure[]; statusCounts: Record<string, number> };

/**
 * Sends `perOperation` generated requests for each operation and caller (seeded, so a run repeats
 * exactly), or keeps cycling until `deadline` passes. Collects every answer >= 500.
 */
export async function runFuzz(options: {
  operations: readonly FuzzOperation[];
  callers: readonly FuzzCaller[];
  send: (request: FuzzRequest, cookie: string | undefined) => Promise<FuzzResponse>;
  seed: number;
  perOperation: (caller: string) => number;
  /** Called after each request; a request that ends the caller's session (logout) asks for a new cookie. */
  afterRequest?: (caller: string, request: FuzzRequest, response: FuzzResponse) => Promise<void> | void;
  deadline?: number;
}): Promise<FuzzReport> {
  const report: FuzzReport = { requests: 0, operations: options.operations.length, failures: [], statusCounts: {} };
  let round = 0;
  do {
    for (const [index, operation] of options.operations.entries()) {
      const arbitrary = requestArbitrary(operation);
      for (const [callerIndex, caller] of options.callers.entries()) {
        const count = options.perOperation(caller.name);
        if (count === 0) continue;
        const requests = fc.sample(arbitrary, { seed: options.seed + round * 100_003 + index * 101 + callerIndex, numRuns: count });
        for (const request of requests) {
          const response = await options.send(request, await caller.cookie());
          report.requests += 1;
          const bucket = `${Math.floor(response.statusCode / 100)}xx`;
          report.statusCounts[bucket] = (report.statusCounts[bucket] ?? 0) + 1;
          if (response.statusCode >= 500) report.failures.push({ caller: caller.name, request, statusCode: response.statusCode, body: response.body.slice(0, 300) });
          await options.afterRequest?.(caller.name, request, response);
        }
      }
    }
    round += 1;
  } while (options.deadline !== undefined && Date.now() < options.deadline);
  return report;
}

/** A failure as a line a developer can replay (curl-like; long payloads shortened). */
export function formatFailure(failure: FuzzFailure): string {
  const { request } = failure;
  const payload = request.payload === undefined ? '' : ` body ${describeValue(typeof request.payload === 'string' ? request.payload : `<${request.payload.length} bytes>`)}`;
  const type = request.headers['content-type'] ? ` content-type ${request.headers['content-type']}` : '';
  return `${failure.statusCode} as ${failure.caller}: ${request.method} ${request.url.length > 200 ? `${request.url.slice(0, 200)}…` : request.url}${type}${payload} [${request.label}] -> ${failure.body}`;
}
