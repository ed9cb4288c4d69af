import { describe, expect, it } from 'vitest';
import { isDatabaseDown } from './errors-plugin';

const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('isDatabaseDown', () => {
  it('recognizes an unreachable, restarting or refusing database', () => {
    for (const err of [
      pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),
      pgError('57P01', 'terminating connection due to administrator command'),
      pgError('57P03', 'the database system is starting up'),
      pgError('08006', 'connection failure'),
      pgError('53300', 'sorry, too many clients already'),
      pgError('55000', 'database "trackline" is not currently accepting connections'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
    ]) {
      expect(isDatabaseDown(err), err.message).toBe(true);
    }
  });

  it('leaves query bugs to be reported as faults', () => {
    for (const err of [
      pgError('42P01', 'relation "messages" does not exist'),
      pgError('23505', 'duplicate key value violates unique constraint'),
      pgError('55000', 'lastval is not yet defined in this session'),
      new TypeError("Cannot read properties of undefined (reading 'id')"),
    ]) {
      expect(isDatabaseDown(err), err.message).toBe(false);
    }
    expect(isDatabaseDown(null)).toBe(false);
  });
});
