/**
 * Cursor keeps no token log on this machine (spec §5: a synced platform).
 * Where tokscale's sync has left its local cache of Cursor's usage export,
 * `${XDG_CONFIG_HOME:-~/.config}/tokscale/cursor-cache/usage*.csv`, it is
 * read; otherwise, when Cursor is installed, it is reported as requiring sync
 * (`registry.ts` skipNoteOf).
 *
 * CSV columns (notes/usage-formats.md §4): `Date, Kind, Model, Max Mode,
 * Input (w/ Cache Write), Input (w/o Cache Write), Cache Read, Output Tokens,
 * Total Tokens, Cost` (older exports lack Kind and Max Mode). The two input
 * columns are disjoint — `Total Tokens` is their sum plus cache reads and
 * output — so the first is the cache write; when a row's total says the
 * first includes the second, the difference is. Each row is one request,
 * keyed by its content, so overlapping exports count once. `Cost` is
 * Cursor's own USD. Account files `usage.<account>.csv` are sessions.
 *
 * @module
 */

import { join } from "node:path";
import type { UsageReader } from "../../usage/reader.ts";
import { count } from "../../usage/tokens.ts";
import { leanFs } from "../../edge/node_fs.ts";

/** The folders where a local Cursor usage cache may be. */
export function cursorCacheDirs(
  host: { home: string; env: Record<string, string | undefined> },
): string[] {
  const xdg = host.env.XDG_CONFIG_HOME;
  const dirs = [join(host.home, ".config", "tokscale", "cursor-cache")];
  if (xdg) dirs.unshift(join(xdg, "tokscale", "cursor-cache"));
  return [...new Set(dirs)];
}

/** Splits one CSV line (quoted fields, doubled quotes). */
export function csvFields(line: string): string[] {
  const out: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      out.push(field);
      field = "";
    } else field += c;
  }
  out.push(field);
  return out.map((f) => f.trim());
}

const num = (s: string | undefined) => count(Number((s ?? "").replace(/[$,]/g, "")));

/** The Cursor reader (local cache only). */
export const reader: UsageReader = {
  id: "cursor",
  version: 1,
  confidence: "host-reported",
  sources(machine, list) {
    return list.files(cursorCacheDirs(machine), {
      ext: [".csv"],
      filter: (rel) => /^usage(\.[^/\\]+)?\.csv$/.test(rel),
    });
  },
  custom: {
    decode(sink) {
      const lines = leanFs.readText(sink.source.path).split(/\r?\n/);
      const head = csvFields(lines[0] ?? "");
      const col = (name: string) => head.indexOf(name);
      const at = {
        date: col("Date"),
        model: col("Model"),
        withWrite: col("Input (w/ Cache Write)"),
        without: col("Input (w/o Cache Write)"),
        read: col("Cache Read"),
        output: col("Output Tokens"),
        total: col("Total Tokens"),
        cost: col("Cost"),
      };
      if (at.date < 0 || at.model < 0 || at.output < 0) {
        sink.problem(
          "this file is not a Cursor usage export (no Date, Model or Output Tokens column); skipped",
        );
        return Promise.resolve();
      }
      const name = (sink.source.meta?.rel ?? "usage.csv").replace(/^usage\.?/, "").replace(
        /\.csv$/,
        "",
      );
      for (let i = 1; i < lines.length; i++) {
        if (!lines[i].trim()) continue;
        const f = csvFields(lines[i]);
        const ts = Date.parse(f[at.date]);
        const model = f[at.model];
        if (!model || !Number.isFinite(ts)) {
          sink.problem("a row has no model or date; it was skipped", i + 1);
          continue;
        }
        const withWrite = num(f[at.withWrite]);
        const without = num(f[at.without]);
        const read = num(f[at.read]);
        const output = num(f[at.output]);
        const total = at.total >= 0 ? num(f[at.total]) : undefined;
        const nested = total !== undefined && total === withWrite + read + output &&
          withWrite >= without;
        const cacheWrite = nested ? withWrite - without : withWrite;
        const cost = at.cost >= 0 ? Number(f[at.cost].replace(/[$,]/g, "")) : NaN;
        sink.emit({
          key: [f[at.date], model, withWrite, without, read, output].join("|"),
          ts,
          sessionId: name || "active",
          projectKey: "",
          modelId: model,
          tokens: {
            input: without,
            cacheRead: read,
            cacheWrite,
            cacheWrite1h: 0,
            output,
            reasoning: 0,
          },
          costUsd: Number.isFinite(cost) && cost >= 0 && f[at.cost] !== "" ? cost : undefined,
        });
      }
      return Promise.resolve();
    },
  },
};
