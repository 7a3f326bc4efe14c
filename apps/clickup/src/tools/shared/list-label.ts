/** A list as answers name it: `list "Bugs" (901510000002)`, or `list 901510000002` without its name. */
export const listLabel = (id: string, name: string | undefined): string =>
  name === undefined ? `list ${id}` : `list "${name}" (${id})`;
