/*
 * The checks of the task validators that need the call context (call-context.mjs): status against
 * the list's statuses, "me" / email / name → user id, field name → field id (FIELD_115 when the
 * field is not in the list), option label → option id. Each resolves into a conversion or refuses
 * naming what exists, with a did-you-mean (shared/names.mjs).
 */

import { isClickUpUuid } from './check-custom-field-value.mjs';
import {
  contextCustomFields,
  contextMembers,
  contextStatuses,
  contextUserId,
  convert,
  listName,
  pathText,
} from './call-context.mjs';
import { canonicalCustomFieldType, customFieldOptions, optionLabel } from './custom-field-types.mjs';
import { readTaskArg } from './task-args.mjs';
import { byName, didYouMean, quoted } from '../shared/names.mjs';
import { isObject, show } from '../shared/values.mjs';

// ---------------------------------------------------------------------------------------------
// status

function checkStatus(result, context) {
  const statuses = contextStatuses(context);
  const arg = readTaskArg(result.args, 'status');
  if (!statuses || !arg.present || typeof arg.value !== 'string') return;
  const names = statuses.map((s) => s.status);
  if (names.indexOf(arg.value) !== -1) return;
  const trimmed = arg.value.trim();
  const same = names.filter((n) => n.trim().toLowerCase() === trimmed.toLowerCase());
  if (same.length === 1) {
    convert(result, [arg.key], arg.value, same[0], same[0] === trimmed ? 'spacing fixed' : 'case fixed');
    return;
  }
  result.errors.push({
    field: arg.key,
    message:
      'Status ' +
      show(arg.value, 80) +
      ' does not exist in ' +
      listName(context) +
      ' (ClickUp answers ITEM_114 "Status does not exist"): use one of ' +
      quoted(names, 20) +
      '.' +
      didYouMean(arg.value, names),
  });
}

// ---------------------------------------------------------------------------------------------
// users: assignees, watchers

function describeUser(user) {
  return (
    (user.username || user.email || 'user') + ' (' + user.id + (user.email ? ', ' + user.email : '') + ')'
  );
}

function memberList(members) {
  const shown = members.slice(0, 10).map(describeUser).join(', ');
  return members.length > 10 ? shown + ', … (' + (members.length - 10) + ' more)' : shown;
}

/**
 * A user reference — an id, a numeric string, "me", an email or a username — resolved against
 * the members: { id, reason } (reason only when it changed), { error }, or null (not a user
 * reference: left to the context-free checks).
 */
export function resolveUserRef(ref, members, me) {
  if (typeof ref === 'string' && ref.trim().toLowerCase() === 'me') {
    return me !== null
      ? { id: me, reason: 'the authorized user' }
      : { error: '"me" cannot be resolved here: send your numeric user id (GET /user → user.id).' };
  }
  const numeric = typeof ref === 'string' && /^\d+$/.test(ref.trim()) ? Number(ref.trim()) : null;
  if (Number.isInteger(ref) || numeric !== null) {
    const id = numeric !== null ? numeric : ref;
    if (members && !members.some((u) => Number(u.id) === id)) {
      return {
        error: 'User ' + id + ' is not a member of this workspace. Members: ' + memberList(members) + '.',
      };
    }
    return numeric !== null ? { id: id, reason: 'user ids are integers' } : { id: id };
  }
  if (typeof ref !== 'string' || ref.trim() === '' || !members) return null;
  const text = ref.trim();
  if (text.indexOf('@') !== -1) {
    const found = members.filter(
      (u) => typeof u.email === 'string' && u.email.toLowerCase() === text.toLowerCase(),
    );
    if (found.length === 1) return { id: Number(found[0].id), reason: 'email → user id' };
    return {
      error:
        'No member of this workspace has the email ' +
        show(text, 80) +
        '. Members: ' +
        memberList(members) +
        '.',
    };
  }
  const found = byName(members, text, (u) => u.username);
  if (found.length === 1) return { id: Number(found[0].id), reason: 'name → user id' };
  if (found.length > 1) {
    return {
      error:
        show(text, 80) +
        ' names ' +
        found.length +
        ' members: ' +
        found.map(describeUser).join(', ') +
        '. Send the id of the one you mean.',
    };
  }
  return {
    error:
      'No member of this workspace is called ' +
      show(text, 80) +
      '.' +
      didYouMean(
        text,
        members.map((u) => u.username).filter((n) => typeof n === 'string'),
      ) +
      ' Members: ' +
      memberList(members) +
      '.',
  };
}

/** Resolves every user reference of `name` (a flat list, or {add, rem}). */
function checkUsers(result, context, name) {
  const members = contextMembers(context);
  const me = contextUserId(context);
  if (!members && me === null) return;
  const arg = readTaskArg(result.args, name);
  if (!arg.present || arg.value === null) return;
  const lists = [];
  if (Array.isArray(arg.value)) lists.push([arg.key]);
  else if (isObject(arg.value)) {
    for (const part of ['add', 'rem']) if (Array.isArray(arg.value[part])) lists.push([arg.key, part]);
  }
  for (const base of lists) {
    const items = base.length === 1 ? arg.value : arg.value[base[1]];
    items.forEach((ref, i) => {
      const resolved = resolveUserRef(ref, members, me);
      const segments = base.concat([i]);
      if (resolved === null) return;
      if (resolved.error) result.errors.push({ field: pathText(segments), message: resolved.error });
      else if (resolved.id !== ref) convert(result, segments, ref, resolved.id, resolved.reason);
    });
  }
}

// ---------------------------------------------------------------------------------------------
// custom fields

function fieldList(fields) {
  return quoted(
    fields.map((f) => f.name),
    15,
  );
}

/** The definition a field reference (UUID or name) points at: { def }, { def, byName }, or { error }. */
function findField(ref, fields, context) {
  if (isClickUpUuid(ref)) {
    const def = fields.find((f) => f.id === ref);
    if (def) return { def: def };
    return {
      error:
        'Custom field ' +
        ref +
        ' is not accessible in ' +
        listName(context) +
        ' (ClickUp answers FIELD_115 "Custom field does not exist in the task location hierarchy"). Its fields: ' +
        fieldList(fields) +
        '.',
    };
  }
  const found = byName(fields, String(ref), (f) => f.name);
  if (found.length === 1) return { def: found[0], byName: true };
  return {
    error:
      found.length > 1
        ? show(ref, 80) +
          ' names ' +
          found.length +
          ' fields (' +
          found.map((f) => f.id).join(', ') +
          '): send the id of the one you mean.'
        : 'No custom field ' +
          show(ref, 80) +
          ' in ' +
          listName(context) +
          '.' +
          didYouMean(
            String(ref),
            fields.map((f) => f.name),
          ) +
          ' Its fields: ' +
          fieldList(fields) +
          '.',
  };
}

/** One dropdown / labels item given as label text → the option id (conversion or error). */
function convertOption(result, def, options, segments, item) {
  if (typeof item !== 'string' || options.some((o) => o.id === item)) return;
  const found = byName(options, item, optionLabel);
  if (found.length === 1) {
    convert(
      result,
      segments,
      item,
      found[0].id,
      'option ' + JSON.stringify(optionLabel(found[0])) + ' of ' + JSON.stringify(def.name) + ' → its id',
    );
    return;
  }
  const labels = options.map(optionLabel);
  result.errors.push({
    field: pathText(segments),
    message:
      'Custom field ' +
      JSON.stringify(def.name) +
      ' has no option ' +
      show(item, 80) +
      (labels.length
        ? ': use one of ' + quoted(labels, 20) + '.' + didYouMean(item, labels)
        : ' (it has no options).') +
      ' Options cannot be created through the API.',
  });
}

/** Converts a dropdown / labels value given by label text to option ids. */
function convertFieldValue(result, def, segments, value) {
  const type = canonicalCustomFieldType(def);
  const options = customFieldOptions(def.type_config) || [];
  if (type === 'drop_down') convertOption(result, def, options, segments, value);
  else if (type === 'labels' && Array.isArray(value))
    value.forEach((item, i) => convertOption(result, def, options, segments.concat([i]), item));
}

/** Create Task custom_fields[]: field names → ids, FIELD_115, option labels → ids. */
function checkCreateCustomFields(result, context) {
  const fields = contextCustomFields(context);
  const arg = readTaskArg(result.args, 'custom_fields');
  if (!fields || !arg.present || !Array.isArray(arg.value)) return;
  arg.value.forEach((entry, i) => {
    if (!isObject(entry)) return;
    const base = [arg.key, i];
    let def = null;
    if ((entry.id === undefined || entry.id === null) && typeof entry.name === 'string') {
      const found = findField(entry.name, fields, context);
      if (found.error) {
        result.errors.push({ field: pathText(base.concat(['name'])), message: found.error });
        return;
      }
      def = found.def;
      const converted = { id: def.id };
      for (const key of Object.keys(entry)) if (key !== 'name' && key !== 'id') converted[key] = entry[key];
      convert(result, base, entry, converted, 'field ' + JSON.stringify(def.name) + ' → its id');
    } else if (typeof entry.id === 'string') {
      const found = findField(entry.id, fields, context);
      if (found.error) {
        result.errors.push({ field: pathText(base.concat(['id'])), message: found.error });
        return;
      }
      def = found.def;
      if (found.byName)
        convert(
          result,
          base.concat(['id']),
          entry.id,
          def.id,
          'field ' + JSON.stringify(def.name) + ' → its id',
        );
    }
    if (def && 'value' in entry) convertFieldValue(result, def, base.concat(['value']), entry.value);
  });
}

/** set_custom_field_value: field_id by name, FIELD_115, the value's option labels; the field's type for the usual checks. */
function checkSetCustomField(result, context) {
  const fields = contextCustomFields(context);
  const arg = readTaskArg(result.args, 'field_id');
  if (!fields || !arg.present || typeof arg.value !== 'string' || arg.value.trim() === '') return;
  const found = findField(arg.value.trim(), fields, context);
  if (found.error) {
    result.errors.push({ field: arg.key, message: found.error });
    return;
  }
  if (found.byName)
    convert(
      result,
      [arg.key],
      arg.value,
      found.def.id,
      'field ' + JSON.stringify(found.def.name) + ' → its id',
    );
  if ('value' in result.args) convertFieldValue(result, found.def, ['value'], result.args.value);
  // The usual type checks of the value need the type: take it from the definition (view only).
  result.view.type = found.def.type;
  result.view.type_config = found.def.type_config;
}

/**
 * The arguments with what the context resolves: `what` lists the checks to run — status, users
 * (argument names), create_custom_fields, set_custom_field. Returns { args, view, errors,
 * conversions }: `args` carries the conversions; `view` is `args` plus what only the checks need
 * (the field's type for set_custom_field_value).
 */
export function resolveWithContext(args, context, what) {
  const copy = JSON.parse(JSON.stringify(args));
  const result = { args: copy, view: {}, errors: [], conversions: [] };
  if (isObject(context)) {
    if (what.status) checkStatus(result, context);
    for (const name of what.users || []) checkUsers(result, context, name);
    if (what.create_custom_fields) checkCreateCustomFields(result, context);
    if (what.set_custom_field) checkSetCustomField(result, context);
  }
  const view = {};
  for (const key of Object.keys(result.args)) view[key] = result.args[key];
  for (const key of Object.keys(result.view)) if (!(key in view)) view[key] = result.view[key];
  result.view = view;
  return result;
}

/**
 * The validator's answer: the context errors first, then the other errors on fields the context
 * did not already explain; conversions only when nothing is wrong.
 */
export function contextAnswer(resolved, errors) {
  const explained = {};
  for (const e of resolved.errors) explained[e.field] = true;
  const all = resolved.errors.concat(errors.filter((e) => !explained[e.field]));
  const answer = { valid: all.length === 0, errors: all };
  if (all.length === 0 && resolved.conversions.length > 0) answer.conversions = resolved.conversions;
  return answer;
}
