/**
 * The `--since` window syntax shared by telemetry and usage: `Ns`, `Nm`,
 * `Nh`, `Nd`.
 *
 * @module
 */

const UNIT_MS = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/**
 * Converts a window such as `7d` into the earliest timestamp (ms) it admits,
 * relative to `now`, never before the epoch (0). An empty or absent value
 * means no lower bound (`undefined`). Throws `RangeError` on anything else.
 *
 * @example
 * ```ts
 * import { parseSince } from "./since.ts";
 * parseSince("24h", 100_000_000); // 13_600_000
 * ```
 */
export function parseSince(
  value: string | undefined,
  now: number = Date.now(),
): number | undefined {
  if (value === undefined || value === "") return undefined;
  const match = /^(\d+)([smhd])$/.exec(value.trim());
  if (!match) {
    throw new RangeError(
      `invalid --since "${value}": use a number and a unit s, m, h or d (for example 30m, 24h, 7d)`,
    );
  }
  // Nothing was logged before 1970: a longer window starts there, so the
  // bound stays a valid time (a Date holds at most ±8.64e15 ms).
  return Math.max(0, now - Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS]);
}
