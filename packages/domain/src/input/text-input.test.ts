import { describe, expect, test } from 'vitest';
import { exceedsInputDepth, findIllFormedText, findNulCharacter, MAX_INPUT_DEPTH } from './text-input.ts';

describe('findNulCharacter: the first NUL in a decoded request part', () => {
  test.each([
    { label: 'a string with one', value: 'a\u0000b', expected: { path: '' } },
    { label: 'a string with one at the end', value: 'ab\u0000', expected: { path: '' } },
    { label: 'a field of an object', value: { name: 'a\u0000b' }, expected: { path: 'name' } },
    { label: 'a nested field', value: { contact: { notes: ['ok', '\u0000'] } }, expected: { path: 'contact.notes.1' } },
    { label: 'a key', value: { ['ma\u0000pping']: 'x' }, expected: { path: 'ma\u0000pping' } },
    { label: 'the first of two', value: { a: 'x\u0000', b: '\u0000' }, expected: { path: 'a' } },
  ])('finds it in $label', ({ value, expected }) => {
    expect(findNulCharacter(value)).toEqual(expected);
  });

  test.each([
    { label: 'plain text', value: 'Ana Müller 😀' },
    { label: 'the escaped text "\\u0000"', value: '\\u0000' },
    { label: 'numbers, booleans and null', value: { n: 0, b: false, z: null, u: undefined } },
    { label: 'a byte buffer (a signed webhook body is checked by its own route)', value: Buffer.from([0, 1, 2]) },
    { label: 'other control characters', value: 'tab\there\nnew line\u0001' },
  ])('finds none in $label', ({ value }) => {
    expect(findNulCharacter(value)).toBeNull();
  });
});

describe('exceedsInputDepth: objects and arrays nested deeper than the limit', () => {
  const nested = (levels: number, make: (inner: unknown) => unknown) => {
    let value: unknown = 'leaf';
    for (let level = 0; level < levels; level += 1) value = make(value);
    return value;
  };

  test('allows 32 levels of objects or arrays and refuses 33', () => {
    expect(MAX_INPUT_DEPTH).toBe(32);
    expect(exceedsInputDepth(nested(32, (inner) => ({ a: inner })))).toBe(false);
    expect(exceedsInputDepth(nested(33, (inner) => ({ a: inner })))).toBe(true);
    expect(exceedsInputDepth(nested(32, (inner) => [inner]))).toBe(false);
    expect(exceedsInputDepth(nested(33, (inner) => [1, { b: inner }]))).toBe(true);
  });

  test('walks 100,000 levels without overflowing the stack', () => {
    expect(exceedsInputDepth(JSON.parse('['.repeat(100_000) + ']'.repeat(100_000)))).toBe(true);
  });

  test('plain values, wide values and byte buffers are not deep', () => {
    expect(exceedsInputDepth('text')).toBe(false);
    expect(exceedsInputDepth(null)).toBe(false);
    expect(exceedsInputDepth({ rows: Array.from({ length: 10_000 }, (_, index) => ({ index })) })).toBe(false);
    expect(exceedsInputDepth(Buffer.alloc(10))).toBe(false);
  });
});

describe('findIllFormedText: the first lone surrogate', () => {
  test.each([
    { label: 'a high surrogate alone', value: '\ud800', expected: { path: '' } },
    { label: 'a low surrogate alone inside text', value: { a: ['ok', 'x\udfffy'] }, expected: { path: 'a.1' } },
    { label: 'a high surrogate at the end', value: { note: 'end\udbff' }, expected: { path: 'note' } },
    { label: 'two high surrogates', value: '\ud800\ud800\udc00', expected: { path: '' } },
    { label: 'a key', value: { ['k\ud800']: 1 }, expected: { path: 'k\ud800' } },
  ])('finds $label', ({ value, expected }) => {
    expect(findIllFormedText(value)).toEqual(expected);
  });

  test('finds none in well-formed text: emoji (surrogate pairs), accents, U+FFFD', () => {
    expect(findIllFormedText({ name: 'Ana Müller 😀', notes: ['𝄞', '\ufffd'] })).toBeNull();
  });
});
