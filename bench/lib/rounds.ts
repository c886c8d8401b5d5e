/**
 * The round a cell keeps when it is measured several times: the fastest. Interference on a shared
 * machine only ever slows a measurement down (Python's timeit documents the same reasoning), and every
 * tool of a comparison is treated alike, the in-process ceiling included, so the rule favours none.
 */
export function fastestOf<T>(rounds: readonly T[], speed: (round: T) => number): T {
  const fastest = rounds.reduce<T | undefined>(
    (best, r) => (best === undefined || speed(r) > speed(best) ? r : best),
    undefined,
  );
  if (fastest === undefined) throw new Error('No round was measured.');
  return fastest;
}
