/* global module */
// Card references as agents write them: "KB-1042", "https://kanban.example/cards/1042", 1042.
function parseCardRef(ref) {
  if (typeof ref === 'number') return ref;
  const match = /(\d+)\s*$/.exec(String(ref));
  return match ? Number(match[1]) : null;
}

function isCardUrl(ref) {
  return /^https?:\/\/[^/]+\/cards\/\d+/.test(String(ref));
}

module.exports = { parseCardRef, isCardUrl };
