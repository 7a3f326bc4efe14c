/** worklogs: tools of this area (filled in by its own module files). */
export function createWorklogTools() {
  return [];
}
