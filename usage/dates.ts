/**
 * Calendar arithmetic of usage reports in one time zone: `local` (this
 * process's, which follows `TZ`), `UTC`, or an IANA name (`--timezone
 * Europe/Paris`). Days are `YYYY-MM-DD`, weeks are named by their Monday
 * (ISO weeks), months are `YYYY-MM`. `--since`/`--until` take a date
 * (`20260115`, `2026-01-15`: the whole day, in the zone) or a window
 * back from now (`7d`, `24h`).
 *
 * @module
 */

import { parseSince } from "../core/since.ts";

/** A report's zone: `local`, `UTC`, or an IANA zone name. */
export type Zone = string;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(zone, f);
  }
  return f;
}

/** Throws a RangeError naming `zone` unless it is `local`, `UTC` or an IANA zone. */
export function checkZone(zone: string): void {
  if (zone === "local" || zone === "UTC") return;
  try {
    formatter(zone);
  } catch {
    throw new RangeError(
      `unknown time zone "${zone}": use an IANA name such as Europe/Paris or America/New_York, or UTC`,
    );
  }
}

/** The wall-clock fields of `ts` in `zone`. */
function fields(ts: number, zone: Zone): [number, number, number, number, number, number] {
  const d = new Date(ts);
  if (zone === "local") {
    return [
      d.getFullYear(),
      d.getMonth() + 1,
      d.getDate(),
      d.getHours(),
      d.getMinutes(),
      d
        .getSeconds(),
    ];
  }
  if (zone === "UTC") {
    return [
      d.getUTCFullYear(),
      d.getUTCMonth() + 1,
      d.getUTCDate(),
      d.getUTCHours(),
      d.getUTCMinutes(),
      d.getUTCSeconds(),
    ];
  }
  const out = [0, 0, 0, 0, 0, 0] as [number, number, number, number, number, number];
  const at = { year: 0, month: 1, day: 2, hour: 3, minute: 4, second: 5 } as Record<string, number>;
  for (const p of formatter(zone).formatToParts(d)) {
    if (p.type in at) out[at[p.type]] = Number(p.value);
  }
  return out;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** The day of `ts` in `zone`, `YYYY-MM-DD`. */
export function dayIn(ts: number, zone: Zone): string {
  const [y, m, d] = fields(ts, zone);
  return `${y}-${pad(m)}-${pad(d)}`;
}

/** The Monday (`YYYY-MM-DD`) of the ISO week holding `day` (`YYYY-MM-DD`). */
export function weekOf(day: string): string {
  const [y, m, d] = day.split("-").map(Number);
  const t = Date.UTC(y, m - 1, d);
  const monday = new Date(t - ((new Date(t).getUTCDay() + 6) % 7) * 86_400_000);
  return `${monday.getUTCFullYear()}-${pad(monday.getUTCMonth() + 1)}-${pad(monday.getUTCDate())}`;
}

/** The month (`YYYY-MM`) of `day`. */
export function monthOf(day: string): string {
  return day.slice(0, 7);
}

/** The time (ms) of midnight starting `y-m-d` in `zone`. */
export function midnight(y: number, m: number, d: number, zone: Zone): number {
  if (zone === "local") return new Date(y, m - 1, d).getTime();
  const wall = Date.UTC(y, m - 1, d);
  if (zone === "UTC") return wall;
  // The zone's offset at a guess, twice: right across a DST change at midnight.
  let t = wall;
  for (let i = 0; i < 2; i++) {
    const [fy, fm, fd, fh, fi, fs] = fields(t, zone);
    t = wall - (Date.UTC(fy, fm - 1, fd, fh, fi, fs) - t);
  }
  return t;
}

const DATE = /^(\d{4})-?(\d{2})-?(\d{2})$/;

/**
 * Parses a `--since` or `--until` value: a date (`YYYYMMDD` or
 * `YYYY-MM-DD`) is its whole day in `zone` — `since` from its midnight,
 * `until` through its end (the bound returned is the next midnight,
 * exclusive); a window (`7d`) is that long before `now`. Undefined for an
 * absent value; a RangeError naming the flag for anything else.
 */
export function parseBound(
  value: string | undefined,
  flag: "since" | "until",
  zone: Zone,
  now: number = Date.now(),
): number | undefined {
  if (value === undefined || value === "") return undefined;
  const date = DATE.exec(value.trim());
  if (date) {
    const [y, m, d] = date.slice(1).map(Number);
    const t = new Date(Date.UTC(y, m - 1, d));
    if (t.getUTCFullYear() !== y || t.getUTCMonth() !== m - 1 || t.getUTCDate() !== d) {
      throw new RangeError(`invalid --${flag} "${value}": no such date`);
    }
    return flag === "since" ? midnight(y, m, d, zone) : midnight(y, m, d + 1, zone);
  }
  try {
    return parseSince(value, now);
  } catch {
    throw new RangeError(
      `invalid --${flag} "${value}": use a date (20260115 or 2026-01-15) or a window ` +
        `back from now (30m, 24h, 7d)`,
    );
  }
}
