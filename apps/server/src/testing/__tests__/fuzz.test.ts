import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreateLeadInputSchema } from '@myeai/domain';
import { z } from 'zod';
import { arbitraryOf, fuzzOperations, HOSTILE_BODIES, HOSTILE_VALUES, formatFailure, type JsonSchema } from '../fuzz.ts';
import { createFuzzApp, fuzzApp } from '../fuzz-app.ts';
import type { TestApp } from '../test-app.ts';

/** The seed of the bounded run in `npm test`; `npm run fuzz` runs longer with other seeds. */
const SEED = 20261125;

describe('the request generator', () => {
  it('generates bodies from the JSON Schema zod writes, most of which the zod schema accepts (so they reach the handler)', () => {
    const schema = z.toJSONSchema(CreateLeadInputSchema, { io: 'input', target: 'openapi-3.0' }) as JsonSchema;
    const bodies = fc.sample(arbitraryOf(schema), { seed: SEED, numRuns: 200 });
    const accepted = bodies.filter((body) => CreateLeadInputSchema.safeParse(body).success);
    // The rest fail only zod refinements the JSON Schema cannot say (an e-mail's shape).
    expect(accepted.length).toBeGreaterThan(bodies.length / 2);
    for (const body of bodies) expect(body).toMatchObject({ name: expect.any(String), email: expect.any(String) });
  });

  it('holds the hostile corpus the issue names', () => {
    const strings = HOSTILE_VALUES.filter((value): value is string => typeof value === 'string');
    expect(strings).toContain('\u0000');
    const isOtherControl = (code: number) => (code > 0 && code < 0x20) || code === 0x7f;
    expect(strings.some((text) => [...text].some((char) => isOtherControl(char.codePointAt(0)!)))).toBe(true);
    expect(strings.some((text) => /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text))).toBe(true);
    expect(strings.some((text) => text.length >= 1024 * 1024)).toBe(true);
    expect(strings.some((text) => Number.isNaN(Date.parse(text)) && /^\d{4}-/.test(text))).toBe(true);
    expect(HOSTILE_VALUES).toEqual(expect.arrayContaining([-1, 1e308, -(2 ** 63), true, null, []]));
    const labels = HOSTILE_BODIES.map((body) => body.label);
    expect(labels).toEqual(expect.arrayContaining(['JSON nested 100,000 deep', 'truncated multipart (no closing boundary)', 'text/plain', 'XML']));
  });
});

describe('fuzzing every route on pglite (bounded, seeded)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createFuzzApp('pglite');
  });
  afterAll(() => t.close());

  it('answers no request with a 5xx, as anonymous, an ordinary user and an admin, and stays healthy', { timeout: 240_000 }, async () => {
    const report = await fuzzApp(t, { seed: SEED, perOperation: { anonymous: 3, user: 6, admin: 10 } });
    const document = (await t.inject({ method: 'GET', url: '/api/docs/json' })).json<Parameters<typeof fuzzOperations>[0]>();
    const operations = fuzzOperations(document, t.app.routeList);
    // Every registered route, the documented ones with their schemas.
    expect(report.operations).toBe(t.app.routeList.length);
    expect(operations.filter((operation) => operation.documented).length).toBeGreaterThan(120);
    expect(report.requests).toBeGreaterThan(2000);
    expect(report.failures.map(formatFailure)).toEqual([]);
    expect(report.healthDetails).toEqual([]);
    expect(report.healthy).toBe(true);
  });
});
