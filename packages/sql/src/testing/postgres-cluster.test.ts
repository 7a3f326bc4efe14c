import { describe, expect, it } from '@jest/globals';
import { postgresForTests, underCi } from './postgres-cluster.ts';

describe('postgresForTests: whether the PostgreSQL tests run', () => {
  const missing = () => false;

  it('runs them where PostgreSQL is, in CI or not', () => {
    expect(postgresForTests({ CI: 'true' }, () => true)).toBe(true);
    expect(postgresForTests({}, () => true)).toBe(true);
  });

  it('skips them without PostgreSQL outside CI', () => {
    expect(postgresForTests({}, missing)).toBe(false);
    expect(postgresForTests({ CI: 'false' }, missing)).toBe(false);
    expect(postgresForTests({ CI: '0' }, missing)).toBe(false);
  });

  it('fails under CI without PostgreSQL, saying what is missing and what to do', () => {
    expect(() => postgresForTests({ CI: 'true' }, missing)).toThrow(
      /^The PostgreSQL tests cannot run: this machine has no PostgreSQL \(the suite needs initdb and pg_ctl .*\)\. Under CI \(CI=true\) a test that needs a component is a failure, not a skip: install PostgreSQL/,
    );
    expect(() => postgresForTests({ CI: '1' }, missing)).toThrow(/Under CI \(CI=1\)/);
  });

  it('reads CI as most services set it', () => {
    expect([undefined, '', 'false', '0', 'true', '1', 'yes'].map((CI) => underCi({ CI }))).toEqual([
      false,
      false,
      false,
      false,
      true,
      true,
      true,
    ]);
  });
});
