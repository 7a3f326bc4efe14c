/* global module */
// A classic script beside the modules: still loaded the old way.
function legacyUpper(text) {
  return String(text).toUpperCase();
}
module.exports = { legacyUpper };
