/**
 * Loaded into a server process by the crash tests (`node --import tsx --import <this file>`), never
 * by the app. MYEAI_TEST_KILL_AFTER='{"match":"insert into \"leads\"","nth":1}' kills the process
 * with SIGKILL right after the n-th statement whose SQL contains `match` has run, on PGlite or
 * PostgreSQL: the write is in the database, its transaction not committed, nothing answered.
 */
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

const spec = process.env.MYEAI_TEST_KILL_AFTER;
if (spec) {
  const { match, nth } = JSON.parse(spec) as { match: string; nth: number };
  let seen = 0;
  const afterStatement = (sqlText: unknown) => {
    if (typeof sqlText === 'string' && sqlText.includes(match) && ++seen === nth) process.kill(process.pid, 'SIGKILL');
  };

  type Query = (text: string, ...rest: unknown[]) => Promise<unknown>;
  const watched = (query: Query): Query =>
    async function (this: unknown, text, ...rest) {
      const result = await query.call(this, text, ...rest);
      afterStatement(text);
      return result;
    };

  const pgliteProto = PGlite.prototype as unknown as { query: Query; transaction: (callback: (tx: { query: Query }) => Promise<unknown>) => Promise<unknown> };
  pgliteProto.query = watched(pgliteProto.query);
  const transaction = pgliteProto.transaction;
  pgliteProto.transaction = function (this: unknown, callback) {
    return transaction.call(this, (tx) => {
      const query = watched(tx.query);
      return callback(new Proxy(tx, { get: (target, key) => (key === 'query' ? query : Reflect.get(target, key)) }));
    });
  };

  // pg.Client#query answers by promise, or by callback when pg.Pool#query calls it.
  const clientProto = pg.Client.prototype as unknown as { query: (config: unknown, ...rest: unknown[]) => unknown };
  const clientQuery = clientProto.query;
  clientProto.query = function (this: unknown, config, ...rest) {
    const text = typeof config === 'string' ? config : (config as { text?: string } | undefined)?.text;
    const last = rest.at(-1);
    if (typeof last === 'function') {
      const callback = last as (error: unknown, result: unknown) => void;
      rest[rest.length - 1] = (error: unknown, result: unknown) => {
        if (!error) afterStatement(text);
        callback(error, result);
      };
      return clientQuery.call(this, config, ...rest);
    }
    const result = clientQuery.call(this, config, ...rest);
    if (result instanceof Promise) return result.then((value) => (afterStatement(text), value));
    return result;
  };
}
