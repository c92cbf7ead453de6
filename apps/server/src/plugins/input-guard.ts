import type { FastifyInstance } from 'fastify';
import { AppError, exceedsInputDepth, findIllFormedText, findNulCharacter, ILL_FORMED_TEXT_MESSAGE, INPUT_TOO_DEEP_MESSAGE, NUL_CHARACTER_MESSAGE } from '@myeai/domain';

/**
 * One check for every route, before its schema runs: a NUL character in a path parameter, the
 * query string or a JSON body is refused with 400. PostgreSQL cannot store it in text, so without
 * this the request failed in the database with a 500, possibly after other writes had run.
 * preValidation: after the access guard (a caller without access learns nothing) and after the
 * body was parsed; a multipart upload is read by its handler, and the CSV import refuses files
 * holding NUL bytes itself. A lone surrogate ("\ud800" in JSON) is refused the same way: PostgreSQL
 * refuses it in jsonb (a 500) and a text column would store U+FFFD. A part nested deeper than
 * MAX_INPUT_DEPTH is refused first: walking it (this check, then the schema) overflowed the stack
 * and answered 500. Both were found by the fuzzer (docs/decisions/025).
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const parts = { params: request.params, query: request.query, body: request.body } as const;
    for (const [part, value] of Object.entries(parts)) {
      if (exceedsInputDepth(value)) throw new AppError('VALIDATION', INPUT_TOO_DEEP_MESSAGE, [{ path: part, message: INPUT_TOO_DEEP_MESSAGE }]);
      const found = findNulCharacter(value);
      if (found) throw new AppError('VALIDATION', NUL_CHARACTER_MESSAGE, [{ path: found.path || part, message: NUL_CHARACTER_MESSAGE }]);
      const illFormed = findIllFormedText(value);
      if (illFormed) throw new AppError('VALIDATION', ILL_FORMED_TEXT_MESSAGE, [{ path: illFormed.path || part, message: ILL_FORMED_TEXT_MESSAGE }]);
    }
  });
}
