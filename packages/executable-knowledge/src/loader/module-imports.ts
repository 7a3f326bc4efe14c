/**
 * How an ES module of a pack names the files it imports: a relative path to another `.mjs` file
 * inside the tool's folder (`./values.mjs`, `../shared/values.mjs`). Nothing else resolves — no
 * package names, no `node:` built-ins, no absolute paths or URLs, no `..` that leaves the folder —
 * so pack code can only ever see files of its own pack, read by the loader with the confinement of
 * `file:` (code-source.ts). The sandbox resolves nothing itself: it links a module only to the
 * files the loader resolved and sent with it.
 */
import path from 'node:path';

/** A pack file ending in this is an ES module; any other `file:` is a classic script. */
export const MODULE_EXTENSION = '.mjs';

export const ALLOWED_IMPORTS =
  "a relative path to a .mjs file inside the tool's folder, e.g. './values.mjs' or '../shared/values.mjs'";

export type ImportResolution = { ok: true; filename: string } | { ok: false; reason: string };

/**
 * The file `specifier` names, imported from `importer` (both relative to the tool's folder,
 * `/`-separated), or why it cannot be imported.
 */
export function resolveImport(importer: string, specifier: string): ImportResolution {
  if (!specifier.startsWith('./') && !specifier.startsWith('../')) {
    const what = specifier.startsWith('node:')
      ? 'a Node.js built-in'
      : specifier.startsWith('/') || /^[A-Za-z]:[\\/]/.test(specifier)
        ? 'an absolute path'
        : /^[A-Za-z][A-Za-z0-9+.-]*:/.test(specifier)
          ? 'a URL'
          : 'a package name';
    return {
      ok: false,
      reason: `'${specifier}' is ${what}; pack code has no packages, built-ins or files outside the pack`,
    };
  }
  if (specifier.includes('\\') || specifier.includes('\0') || /[?#]/.test(specifier)) {
    return { ok: false, reason: `'${specifier}' has a backslash, NUL, query or fragment` };
  }
  const filename = path.posix.normalize(path.posix.join(path.posix.dirname(importer), specifier));
  if (filename === '..' || filename.startsWith('../')) {
    return { ok: false, reason: `'${specifier}' leaves the tool's folder` };
  }
  if (!filename.endsWith(MODULE_EXTENSION)) {
    return {
      ok: false,
      reason: `'${specifier}' is not a ${MODULE_EXTENSION} file (a module imports modules only, with their extension)`,
    };
  }
  return { ok: true, filename };
}
