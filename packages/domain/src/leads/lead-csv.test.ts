import { expect, test } from 'vitest';
import { importCompletedMessage } from './lead-csv.ts';

test.each([
  { created: 0, message: 'Import completed! 0 leads created.' },
  { created: 1, message: 'Import completed! 1 lead created.' },
  { created: 42, message: 'Import completed! 42 leads created.' },
])('import message for $created', ({ created, message }) => {
  expect(importCompletedMessage(created)).toBe(message);
});
