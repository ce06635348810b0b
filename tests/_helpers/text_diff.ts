/**
 * Checks on how an edited text differs from the original, for the
 * "bytes outside the edited region never change" properties.
 *
 * @module
 */

/** True when `after` is `before` with one contiguous run of text inserted. */
export function isOneInsertion(before: string, after: string): boolean {
  let p = 0;
  while (p < before.length && before[p] === after[p]) p++;
  let s = 0;
  while (s < before.length - p && before[before.length - 1 - s] === after[after.length - 1 - s]) {
    s++;
  }
  return p + s === before.length;
}

/** True when every character of `before` appears in `after` in order (only insertions happened). */
export function isSubsequence(before: string, after: string): boolean {
  let i = 0;
  for (let j = 0; j < after.length && i < before.length; j++) if (after[j] === before[i]) i++;
  return i === before.length;
}
