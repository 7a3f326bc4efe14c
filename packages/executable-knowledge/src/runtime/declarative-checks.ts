/**
 * The declarative validator checks of the seeds, evaluated in the host (they are data, not code):
 * `required_fields`, `assignee_format: create_api | update_api`, `field_types`, `allowed_values`,
 * `number_range`. Each failure is written as the fix.
 */
import type { ValidatorCheck } from '../schema/index.ts';

export interface CheckIssue {
  field: string;
  message: string;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);
const isId = (v: unknown) => typeof v === 'number' || (typeof v === 'string' && v.trim() !== '');
const absent = (v: unknown) => v === undefined || v === null || v === '';

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

export function runCheck(check: ValidatorCheck, args: Record<string, unknown>): CheckIssue[] {
  switch (check.kind) {
    case 'required_fields':
      return check.fields
        .filter((field) => absent(args[field]))
        .map((field) => ({ field, message: `${field} is required.` }));
    case 'assignee_format': {
      const value = args['assignees'];
      if (value === undefined) return [];
      if (check.format === 'create_api') {
        if (Array.isArray(value) && value.every(isId)) return [];
        return [
          {
            field: 'assignees',
            message: isObject(value)
              ? 'This call takes a list of user ids (e.g. [183, 456]), not {add, rem} — that form is for updates.'
              : 'assignees must be a list of user ids, e.g. [183, 456].',
          },
        ];
      }
      const keysOk = isObject(value) && Object.keys(value).every((k) => k === 'add' || k === 'rem');
      const listsOk =
        keysOk &&
        ['add', 'rem'].every(
          (k) => value[k] === undefined || (Array.isArray(value[k]) && (value[k] as unknown[]).every(isId)),
        );
      if (listsOk) return [];
      return [
        {
          field: 'assignees',
          message: Array.isArray(value)
            ? 'This call takes {add: [ids], rem: [ids]} (e.g. {"add": [789], "rem": [123]}), not a plain list — a list is for creating.'
            : 'assignees must be {add: [user ids], rem: [user ids]}, e.g. {"add": [789]}.',
        },
      ];
    }
    case 'field_types':
      return Object.entries(check.types).flatMap(([field, type]) => {
        const value = args[field];
        if (value === undefined) return [];
        const actual = typeOf(value);
        const ok = actual === type || (type === 'number' && actual === 'integer');
        return ok
          ? []
          : [
              {
                field,
                message: `${field} must be ${type === 'integer' ? 'an integer' : `a ${type}`}, got ${actual}.`,
              },
            ];
      });
    case 'allowed_values':
      return Object.entries(check.values).flatMap(([field, allowed]) => {
        const value = args[field];
        if (value === undefined || allowed.some((a) => a === value)) return [];
        return [
          {
            field,
            message: `${field} must be one of ${allowed.map((a) => JSON.stringify(a)).join(', ')}; got ${JSON.stringify(value)}.`,
          },
        ];
      });
    case 'number_range':
      return Object.entries(check.ranges).flatMap(([field, { min, max }]) => {
        const value = args[field];
        if (value === undefined) return [];
        if (typeof value !== 'number') return [{ field, message: `${field} must be a number.` }];
        if ((min !== undefined && value < min) || (max !== undefined && value > max)) {
          return [
            { field, message: `${field} must be between ${min ?? '-∞'} and ${max ?? '∞'}; got ${value}.` },
          ];
        }
        return [];
      });
    default:
      return [];
  }
}
