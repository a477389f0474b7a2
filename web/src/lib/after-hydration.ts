/**
 * Work that waits until the page has hydrated, run by the layout's first effect (app/layout.tsx). The app's
 * start registers here what only some pages need (keeping what was typed into a prerendered form), so the
 * layout, which every page loads, need not load it.
 */
const waiting: Array<() => void> = [];

/** Runs `work` once the page has hydrated. */
export function afterHydration(work: () => void): void {
  waiting.push(work);
}

/** The page has hydrated: runs what waited, once. */
export function hydrationDone(): void {
  for (const work of waiting.splice(0)) work();
}
