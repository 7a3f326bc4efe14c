/**
 * The trusted script that runs first in every fresh context, before any helper code. It removes
 * the globals helpers must not have, installs a frozen `console` that buffers output inside the
 * isolate, and evaluates to the control function the host calls through a `Reference` (the only
 * isolated-vm object involved, held by the host and never reachable from helper code).
 *
 * Everything the control function hands back is a string. A call answers `<tag><logs>\n<json>` in
 * one crossing: the tag is `V` for a value, `E` for a helper error (name/message/stack as strings),
 * `O` for a result that is not JSON or too large, `X` for a missing export; `<logs>` is the call's
 * console output as `{"logs":[…],"truncated":…}`, or empty when there was none. (JSON text never
 * holds a raw newline, so the first one ends the logs.) So no helper-made object is ever copied by isolated-vm,
 * whose copying of thrown values reads `message`/`stack` outside any timeout. Helper getters,
 * Proxies and `toJSON` run here, inside the isolate, under the call's CPU timeout.
 *
 * The intrinsics it uses are captured before helper code runs, so a helper that rewrites
 * `JSON.stringify` or `Array.prototype` only garbles its own output, which the host validates anyway.
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

  function cut(s, max) {
    return s.length > max ? apply(strSlice, s, [0, max]) : s;
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
    try {
      var json = stringify(value);
      if (typeof json === 'string') return cut(json, room);
    } catch (e) {
      // falls through to String()
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

  function replacer(key, value) {
    var t = typeof value;
    if (t === 'function' || t === 'symbol' || t === 'bigint') {
      NOT_JSON.detail = 'a ' + t + ' at ' + keyText(key, this);
      throw NOT_JSON;
    }
    if (t === 'number' && !isFiniteNumber(value)) {
      NOT_JSON.detail = safeString(value) + ' at ' + keyText(key, this);
      throw NOT_JSON;
    }
    if (t === 'undefined' && (key === '' || isArray(this))) {
      NOT_JSON.detail = key === '' ? 'the helper returned undefined (return null or a JSON value)' : 'undefined at ' + keyText(key, this);
      throw NOT_JSON;
    }
    return value;
  }

  function finish(value) {
    var json;
    try {
      json = stringify(value, replacer);
    } catch (e) {
      if (e === NOT_JSON) return outputError('not-json', NOT_JSON.detail);
      var d = describeError(e);
      return outputError('not-json', 'it could not be serialised (' + parse(d).message + ')');
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

  function configure(logLimit, resultLimit) {
    maxLogBytes = logLimit;
    maxResultBytes = resultLimit;
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
      // the modules print while loading is part of the first call's output).
      configure(a, b);
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
