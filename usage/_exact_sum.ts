/**
 * Exact float sums (Shewchuk's algorithm, as Python's `math.fsum`): a sum is
 * kept as a short list of non-overlapping partials whose exact total is the
 * exact total of everything added, and {@link exactValue} rounds it once.
 * So a cost summed per platform and then merged is the same float, to the
 * last bit, as the same costs summed in one pass in any order: a report
 * merged from kept per-platform parts prints what a full scan prints.
 *
 * @module
 */

/**
 * Adds `x` (finite) to the partials `p`, in place, keeping them exact,
 * non-overlapping and in increasing magnitude.
 */
export function exactAdd(p: number[], x: number): void {
  let i = 0;
  for (let j = 0; j < p.length; j++) {
    let y = p[j];
    if (Math.abs(x) < Math.abs(y)) {
      const t = x;
      x = y;
      y = t;
    }
    const hi = x + y;
    const lo = y - (hi - x);
    if (lo !== 0) p[i++] = lo;
    x = hi;
  }
  p.length = i;
  p.push(x);
}

/** Adds every partial of `from` to `into`: their exact totals add exactly. */
export function exactMerge(into: number[], from: readonly number[]): void {
  for (const x of from) exactAdd(into, x);
}

/** The exact total of the partials `p`, correctly rounded (half to even); 0 when empty. */
export function exactValue(p: readonly number[]): number {
  let n = p.length;
  if (n === 0) return 0;
  let hi = p[--n];
  let lo = 0;
  while (n > 0) {
    const x = hi;
    const y = p[--n];
    hi = x + y;
    lo = y - (hi - x);
    if (lo !== 0) break;
  }
  // Round half to even when what is left below would break the tie.
  if (n > 0 && ((lo < 0 && p[n - 1] < 0) || (lo > 0 && p[n - 1] > 0))) {
    const y = lo * 2;
    const x = hi + y;
    if (y === x - hi) hi = x;
  }
  return hi;
}
