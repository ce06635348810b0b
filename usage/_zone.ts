/**
 * This process's local time zone, two ways. {@link zoneKey} identifies it
 * cheaply, for keying kept report results: local days come from `Date`'s
 * own local getters, which follow `TZ` and `/etc/localtime`. {@link zoneName}
 * names it as `Intl` does, which starts ICU's zone data, a large part of
 * what a re-scan with nothing new may cost (bench/README.md). So a re-scan
 * keys by the identity and prints the name kept with the result.
 *
 * @module
 */

import { leanFs } from "../edge/node_fs.ts";

/**
 * A string that changes whenever the local zone may have: `TZ`, what
 * `/etc/localtime` points to (or its size and mtime when it is a copy), and
 * this year's January and July UTC offsets.
 */
export function zoneKey(env: Readonly<Record<string, string | undefined>>): string {
  const year = new Date().getFullYear();
  const offsets = [0, 6].map((month) => new Date(year, month, 1).getTimezoneOffset());
  return [env.TZ ?? "", localtime(), offsets.join(",")].join("\u0000");
}

/** The IANA name of the local zone, as `Intl` gives it. */
export function zoneName(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

function localtime(): string {
  try {
    return leanFs.linkOrStat("/etc/localtime");
  } catch {
    return ""; // not a POSIX system, or no zone file: TZ and the offsets decide
  }
}
