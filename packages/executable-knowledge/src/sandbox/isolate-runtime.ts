/**
 * The trusted script that runs first in every fresh context, before any helper code. It removes
 * the globals helpers must not have, installs a frozen `console` that buffers output inside the
 * isolate, and evaluates to the control function the host calls through a `Reference` (the only
 * isolated-vm object involved, held by the host and never reachable from helper code).
 *
 * Everything the control function hands back is a string. A call answers `<tag><logs>\n<json>` in
 * one crossing: the tag is `V` for a value, `E` for a helper error (name/message/stack as strings),
 * `O` for a result that is not JSON or too large, `X` for a missing export, `M` for a result whose
 * JSON would be larger than the isolate's memory limit; `<logs>` is the call's
 * console output as `{"logs":[…],"truncated":…}`, or empty when there was none. (JSON text never
 * holds a raw newline, so the first one ends the logs.) So no helper-made object is ever copied by isolated-vm,
 * whose copying of thrown values reads `message`/`stack` outside any timeout. Helper getters,
 * Proxies and `toJSON` run here, inside the isolate, under the call's CPU timeout.
 *
 * The intrinsics it uses are captured before helper code runs, so a helper that rewrites
 * `JSON.stringify` or `Array.prototype` only garbles its own output, which the host validates anyway.
 *
 * Nothing here makes a string in proportion to a helper's value before knowing its size. A string
 * can be far longer than the memory limit allows while it is a rope (`s + s` twenty-eight times is
 * 256 MB of text in a few KB of heap), and reading it — slicing, serialising — makes it flat, in one
 * allocation that isolated-vm's limit only notices afterwards (it checks after garbage collections).
 * So the result's JSON is measured while it is made, from string lengths (which a rope knows), and
 * abandoned past the result limit before the large string is written; and a log argument or error
 * text longer than a quarter of the memory limit is shown by its length, not cut out of it.
 *
 * Kept as a string (not a function's `toString()`) so that transpilers and coverage
 * instrumentation never rewrite code that must run in a bare V8 context.
 */
export const ISOLATE_RUNTIME_FILENAME = 'toolsmith:sandbox-runtime.js';

export const ISOLATE_RUNTIME_SOURCE = String.raw`(function () {
  'use strict';
  var g = globalThis;
  var O = Object;
  var defineProperty = O.defineProperty;
  var freeze = O.freeze;
  var create = O.create;
  var keys = O.keys;
  var apply = Reflect.apply;
  var stringify = JSON.stringify;
  var parse = JSON.parse;
  var StringFn = String;
  var isArray = Array.isArray;
  var charCodeAt = String.prototype.charCodeAt;
  var strSlice = String.prototype.slice;
  var symbolToString = Symbol.prototype.toString;
  var PromiseCtor = Promise;
  var promiseThen = Promise.prototype.then;
  var isFiniteNumber = Number.isFinite;
  var errorPrototype = Error.prototype;
  var isPrototypeOf = O.prototype.isPrototypeOf;

  // Nothing that can block, share memory with, or schedule work outside the call. The rest of the
  // global object is plain ECMAScript (Object, JSON, Math, Intl, eval, Function, ...).
  var removed = ['SharedArrayBuffer', 'Atomics', 'WebAssembly', 'FinalizationRegistry', 'WeakRef', 'console'];
  for (var r = 0; r < removed.length; r++) delete g[removed[r]];

  var maxLogBytes = 16384;
  var maxResultBytes = 1048576;
  var LEVEL_OVERHEAD = 16;
  // The isolate's memory limit in bytes, and the longest text read out of a helper's value
  // (a quarter of it: as a two-byte flat string, half the limit).
  var memoryBytes = 64 * 1048576;
  var bigChars = memoryBytes / 4;

  function utf8Length(s) {
    var n = 0;
    for (var i = 0; i < s.length; i++) {
      var c = apply(charCodeAt, s, [i]);
      if (c < 0x80) n += 1;
      else if (c < 0x800) n += 2;
      else if (c >= 0xd800 && c <= 0xdbff) { n += 4; i++; }
      else n += 3;
    }
    return n;
  }

  /** The longest prefix of s that fits in maxBytes of UTF-8. */
  function cutToBytes(s, maxBytes) {
    var n = 0;
    for (var i = 0; i < s.length; i++) {
      var c = apply(charCodeAt, s, [i]);
      var w = c < 0x80 ? 1 : c < 0x800 ? 2 : c >= 0xd800 && c <= 0xdbff ? 4 : 3;
      if (n + w > maxBytes) return apply(strSlice, s, [0, i]);
      n += w;
      if (w === 4) i++;
    }
    return s;
  }

  /** A string's length, where reading it could take more memory than the isolate has. */
  function tooLong(length) {
    return '[a string of ' + length + ' characters, too long to read within the memory limit]';
  }

  /** The first max characters of s; a string longer than bigChars is described, never sliced. */
  function cut(s, max) {
    if (s.length <= max) return s;
    if (s.length > bigChars) return tooLong(s.length);
    return apply(strSlice, s, [0, max]);
  }

  // JSON.stringify with a replacer that adds up a lower bound of the JSON's length as it goes
  // (string values, member names with their quotes and colon, one character for anything else)
  // and throws TOO_BIG past 'budget', before the value that would pass it is written.
  var TOO_BIG = create(null);
  var counted = 0;
  var budget = 0;

  // The holder of the last value counted, and whether it is an array (its keys are not written).
  var lastHolder = null;
  var lastInArray = false;

  function count(holder, key, value) {
    counted += typeof value === 'string' ? value.length + 2 : 1;
    if (holder !== lastHolder) {
      lastHolder = holder;
      lastInArray = isArray(holder);
    }
    if (!lastInArray && key !== '') counted += key.length + 3;
    if (counted > budget) throw TOO_BIG;
  }

  function countingReplacer(key, value) {
    if (value !== undefined && typeof value !== 'function' && typeof value !== 'symbol') count(this, key, value);
    return value;
  }

  function safeString(value) {
    try {
      if (typeof value === 'symbol') return apply(symbolToString, value, []);
      return StringFn(value);
    } catch (e) {
      return '[unprintable]';
    }
  }

  function isErrorLike(value) {
    try {
      return apply(isPrototypeOf, errorPrototype, [value]);
    } catch (e) {
      return false;
    }
  }

  function render(value, room) {
    if (typeof value === 'string') return cut(value, room);
    if (value === undefined) return 'undefined';
    if (typeof value === 'function') return '[Function]';
    if (typeof value === 'symbol' || typeof value === 'bigint' || typeof value !== 'object' || value === null) {
      return cut(safeString(value), room);
    }
    if (isErrorLike(value)) {
      var stack;
      try { stack = value.stack; } catch (e) { stack = undefined; }
      if (typeof stack === 'string') return cut(stack, room);
      return cut(safeString(value), room);
    }
    // A getter or toJSON of a result being serialised may log: the result's count goes on after.
    var outerCounted = counted;
    var outerBudget = budget;
    try {
      counted = 0;
      budget = bigChars;
      lastHolder = null;
      var json = stringify(value, countingReplacer);
      if (typeof json === 'string') return cut(json, room);
    } catch (e) {
      if (e === TOO_BIG) return '[a value of more than ' + bigChars + ' characters of JSON, too large to log within the memory limit]';
      // falls through to String()
    } finally {
      counted = outerCounted;
      budget = outerBudget;
      lastHolder = null;
    }
    return cut(safeString(value), room);
  }

  var logs = '';
  var logBytes = 0;
  var logsTruncated = false;

  function makeLogger(level) {
    var logger = function () {
      if (logsTruncated) return;
      var room = maxLogBytes - logBytes - LEVEL_OVERHEAD;
      if (room <= 0) {
        logsTruncated = true;
        return;
      }
      var message = '';
      for (var i = 0; i < arguments.length; i++) {
        if (i > 0) message += ' ';
        message += render(arguments[i], room + 1 - message.length);
        if (message.length > room) break;
      }
      var bytes = utf8Length(message);
      if (bytes > room) {
        logsTruncated = true;
        message = cutToBytes(message, room);
        bytes = utf8Length(message);
      }
      logs += (logs === '' ? '' : ',') + '{"level":"' + level + '","message":' + stringify(message) + '}';
      logBytes += bytes + LEVEL_OVERHEAD;
    };
    defineProperty(logger, 'name', { value: level });
    return freeze(logger);
  }

  var console = create(null);
  var levels = ['log', 'info', 'warn', 'error', 'debug'];
  for (var l = 0; l < levels.length; l++) {
    defineProperty(console, levels[l], { value: makeLogger(levels[l]), enumerable: true });
  }
  freeze(console);
  defineProperty(g, 'console', { value: console, writable: false, enumerable: false, configurable: false });

  function describeError(e) {
    var name = 'Error';
    var message = '';
    var stack = '';
    try {
      if (e !== null && (typeof e === 'object' || typeof e === 'function')) {
        var n, m, s;
        try { n = e.name; } catch (x) { n = undefined; }
        try { m = e.message; } catch (x) { m = undefined; }
        try { s = e.stack; } catch (x) { s = undefined; }
        name = typeof n === 'string' && n !== '' ? n : isErrorLike(e) ? 'Error' : 'Thrown object';
        message = typeof m === 'string' ? m : m === undefined ? (isErrorLike(e) ? '' : safeString(e)) : safeString(m);
        stack = typeof s === 'string' ? s : '';
      } else {
        name = 'Thrown value';
        message = safeString(e);
      }
    } catch (x) {
      message = '[unprintable]';
    }
    return '{"name":' + stringify(cut(name, 200)) + ',"message":' + stringify(cut(message, 4000)) +
      ',"stack":' + stringify(cut(stack, 8000)) + '}';
  }

  function outputError(reason, detail, size) {
    return 'O{"reason":"' + reason + '","detail":' + stringify(cut(detail, 500)) +
      (size === undefined ? '' : ',"sizeBytes":' + size) + '}';
  }

  var NOT_JSON = create(null);

  function keyText(key, holder) {
    if (isArray(holder)) return 'index ' + key;
    return key === '' ? 'the top level' : 'key ' + stringify(key);
  }

  /**
   * The result's replacer: refuses what is not JSON, and counts as 'count' does (inlined: it runs
   * for every value of every result).
   */
  function replacer(key, value) {
    var t = typeof value;
    var n;
    if (t === 'string') n = value.length + 2;
    else if (t === 'number') {
      if (!isFiniteNumber(value)) {
        NOT_JSON.detail = safeString(value) + ' at ' + keyText(key, this);
        throw NOT_JSON;
      }
      n = 1;
    } else if (t === 'boolean' || t === 'object') n = 1; // an object or array: its toJSON already called
    else if (t === 'undefined') {
      if (key === '' || isArray(this)) {
        NOT_JSON.detail = key === '' ? 'the helper returned undefined (return null or a JSON value)' : 'undefined at ' + keyText(key, this);
        throw NOT_JSON;
      }
      return value; // an undefined member: left out of the JSON
    } else {
      NOT_JSON.detail = 'a ' + t + ' at ' + keyText(key, this);
      throw NOT_JSON;
    }
    if (key !== '') {
      if (this !== lastHolder) {
        lastHolder = this;
        lastInArray = isArray(this);
      }
      if (!lastInArray) n += key.length + 3;
    }
    counted += n;
    if (counted > budget) throw TOO_BIG;
    return value;
  }

  function finish(value) {
    var json;
    try {
      counted = 0;
      budget = maxResultBytes < memoryBytes ? maxResultBytes : memoryBytes;
      lastHolder = null;
      json = stringify(value, replacer);
    } catch (e) {
      if (e === NOT_JSON) return outputError('not-json', NOT_JSON.detail);
      // Past the budget before the value that passed it was written: past the memory limit (the
      // JSON could not even be made), or the result limit, with at least 'counted' characters.
      if (e === TOO_BIG) return counted > memoryBytes ? 'M{"sizeBytes":' + counted + '}' : outputError('too-large', 'too large', counted);
      var d = describeError(e);
      return outputError('not-json', 'it could not be serialised (' + parse(d).message + ')');
    } finally {
      lastHolder = null; // nothing of this result is kept for the next call
    }
    if (typeof json !== 'string') return outputError('not-json', 'the helper returned undefined (return null or a JSON value)');
    if (json.length > maxResultBytes) return outputError('too-large', 'too large', json.length);
    return 'V' + json;
  }

  function failed(e) {
    return 'E' + describeError(e);
  }

  /**
   * Awaits a helper's promise or thenable into our own promise that always fulfils with a string.
   * Both promises get an own "constructor: undefined", so "then" (ours and isolated-vm's) uses the
   * intrinsic %Promise% and never a species a helper planted on Promise.prototype.constructor.
   */
  function settle(result) {
    var outer = new PromiseCtor(function (resolve) {
      try {
        var inner = new PromiseCtor(function (res) { res(result); });
        defineProperty(inner, 'constructor', { value: undefined });
        apply(promiseThen, inner, [
          function (v) { resolve(answer(finish(v))); },
          function (e) { resolve(answer(failed(e))); },
        ]);
      } catch (e) {
        resolve(answer(failed(e)));
      }
    });
    defineProperty(outer, 'constructor', { value: undefined });
    return outer;
  }

  /** A call's answer: the outcome's tag, the console output so far, a newline, the outcome's JSON. */
  function answer(outcome) {
    var logPart = logs === '' && !logsTruncated ? '' :
      '{"logs":[' + logs + '],"truncated":' + (logsTruncated ? 'true' : 'false') + '}';
    return apply(strSlice, outcome, [0, 1]) + logPart + '\n' + apply(strSlice, outcome, [1]);
  }

  function configure(logLimit, resultLimit, memoryLimit) {
    maxLogBytes = logLimit;
    maxResultBytes = resultLimit;
    if (memoryLimit !== undefined) {
      memoryBytes = memoryLimit;
      bigChars = memoryLimit / 4;
    }
    logs = '';
    logBytes = 0;
    logsTruncated = false;
  }

  var registry = create(null);
  var current = null;

  var getOwnPropertyNames = O.getOwnPropertyNames;
  var getPrototypeOf = O.getPrototypeOf;
  var locked = false;

  return function control(op, a, b, c, d, e) {
    if (op === 'config') {
      // Before a fresh context loads its modules: limits, and an empty console buffer (so what
      // the modules print while loading is part of the first call's output). The memory limit is
      // the isolate's, fixed for its contexts' lifetime.
      configure(a, b, c);
      return '';
    }
    if (op === 'lock') {
      // After the modules loaded into a context that later calls share: freeze the global object
      // and every built-in reachable from it (and their prototypes), so a call cannot leave
      // globals or prototype changes behind for the next one.
      if (locked) return '';
      var names = getOwnPropertyNames(g);
      for (var n = 0; n < names.length; n++) {
        var value = g[names[n]];
        if (value !== null && (typeof value === 'object' || typeof value === 'function')) {
          freeze(value);
          var proto = value.prototype;
          if (proto !== null && typeof proto === 'object') freeze(proto);
        }
      }
      var intrinsics = [getPrototypeOf(function () {}), getPrototypeOf(function* () {}), getPrototypeOf(async function () {}),
        getPrototypeOf([][Symbol.iterator]()), getPrototypeOf(getPrototypeOf([][Symbol.iterator]())),
        getPrototypeOf(new Map().entries()), getPrototypeOf(new Set().values()), getPrototypeOf(''[Symbol.iterator]()),
        getPrototypeOf(/x/[Symbol.matchAll]('')), getPrototypeOf(Int8Array), getPrototypeOf(Int8Array.prototype)];
      for (var i = 0; i < intrinsics.length; i++) freeze(intrinsics[i]);
      freeze(g);
      locked = true;
      return '';
    }
    if (op === 'begin') {
      var exportsObject = {};
      current = { exports: exportsObject };
      defineProperty(g, 'module', { value: current, writable: true, enumerable: false, configurable: true });
      defineProperty(g, 'exports', { value: exportsObject, writable: true, enumerable: false, configurable: true });
      registry[a] = current;
      return '';
    }
    if (op === 'register') {
      // register(id, namespace): an ES module's namespace, handed in by the host once the module
      // evaluated; its exports are what calls look up (a namespace object is sealed by the language).
      registry[a] = { exports: b };
      return '';
    }
    if (op === 'call') {
      // call(module, export, argsJson, maxLogBytes, maxResultBytes): a call in a context that served
      // calls before starts with the limits of this call and an empty console buffer.
      if (d !== undefined) configure(d, e);
      var sync = callEntry(a, b, c);
      return typeof sync === 'string' ? answer(sync) : sync;
    }
    return 'E{"name":"Error","message":"unknown sandbox operation","stack":""}';
  };

  /** The entry's outcome as a tagged string, or (for a thenable result) a promise of the answer. */
  function callEntry(a, b, c) {
    var target, fn, args;
    var mod = registry[a];
    try {
      target = mod.exports;
      fn = target === null || target === undefined ? undefined : target[b];
    } catch (e) {
      return failed(e);
    }
    if (typeof fn !== 'function') {
      var names = [];
      try {
        if (target !== null && (typeof target === 'object' || typeof target === 'function')) names = keys(target);
      } catch (e) {
        names = [];
      }
      var list = '';
      for (var k = 0; k < names.length && k < 50; k++) list += (k ? ', ' : '') + cut(safeString(names[k]), 100);
      return 'X{"type":' + stringify(fn === undefined ? 'undefined' : typeof fn) + ',"exports":' + stringify(list) + '}';
    }
    args = parse(c);
    var result;
    try {
      result = apply(fn, target, args);
    } catch (e) {
      return failed(e);
    }
    var thenable = false;
    try {
      thenable = result !== null && (typeof result === 'object' || typeof result === 'function') && typeof result.then === 'function';
    } catch (e) {
      return failed(e);
    }
    if (!thenable) return finish(result);
    return settle(result);
  }
})()`;
