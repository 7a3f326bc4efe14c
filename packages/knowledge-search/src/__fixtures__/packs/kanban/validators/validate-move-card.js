/* global module */
// move_card: the column is a numeric id of the board's columns (COLUMN_NOT_FOUND otherwise).
function validateMoveCard(input) {
  const errors = [];
  if (typeof input.column === 'string') {
    errors.push({ field: 'column', message: 'Give the column id (a number), not its title.' });
  }
  return { valid: errors.length === 0, errors };
}
module.exports = { validateMoveCard };
