/**
 * Mux: each workspace keeps `sessions/<workspace>/session-usage.json` under
 * Mux's home (coder/mux `src/node/services/sessionUsageService.ts`
 * `SessionUsageFile`; `src/node/config.ts` `sessionsDir`), the cumulative
 * usage of the workspace's chats per model: `byModel["provider:model"]` =
 * `{input, cached, cacheCreate, output, reasoning}`, each `{tokens,
 * cost_usd?}` (`src/common/utils/tokens/usageAggregator.ts`
 * `ChatUsageDisplay`: `input` excludes the cached part, `output` excludes
 * reasoning). Usage is added on each stream end and never subtracted, and a
 * deleted sub-agent workspace is merged into its parent's file. So one
 * record per workspace and model, keyed by both; `lastRequest.timestamp`
 * dates it. Mux's own cost is kept when it priced every part (no
 * `hasUnknownCosts`, and not zeroed by a gateway's `costsIncluded`).
 *
 * The homes scanned: `$XUM_ROOT` / `$MUX_ROOT` when set, else `~/.xum` and
 * the legacy `~/.mux` and `~/.cmux` (adapters/mux/home.ts).
 *
 * @module
 */

import { join } from "node:path";
import type { UsageReader } from "../../usage/reader.ts";
import { obj } from "../dialect.ts";
import { count } from "../../usage/tokens.ts";

/** Every Mux home on the machine: the env override, else the current and legacy folders. */
export function muxHomes(
  machine: { home: string; env: Record<string, string | undefined> },
): string[] {
  const root = machine.env.XUM_ROOT || machine.env.MUX_ROOT;
  if (root) return [root];
  return [".xum", ".mux", ".cmux"].map((d) => join(machine.home, d));
}

function tokens(part: unknown): number {
  return count(obj(part)?.tokens);
}

function cost(usage: Record<string, unknown>): number | undefined {
  if (usage.hasUnknownCosts === true || usage.costsIncluded === true) return undefined;
  let total = 0;
  for (const key of ["input", "cached", "cacheCreate", "output", "reasoning"]) {
    const c = obj(usage[key])?.cost_usd;
    if (typeof c !== "number" || !Number.isFinite(c)) return undefined;
    total += c;
  }
  return total;
}

/** The Mux reader. */
export const reader: UsageReader = {
  id: "mux",
  version: 1,
  confidence: "host-reported",
  sources(machine, list) {
    return list.files(muxHomes(machine).map((h) => join(h, "sessions")), {
      ext: ["session-usage.json"],
      filter: (rel) => /^[^\\/]+[\\/]session-usage\.json$/.test(rel),
    });
  },
  json: {
    markers: ['"byModel"'],
    decode(value, sink) {
      const doc = obj(value);
      const byModel = obj(doc?.byModel);
      if (!doc || !byModel) return;
      const workspace = (sink.source.meta?.rel ?? "").split(/[\\/]/)[0] ?? "";
      const last = obj(doc.lastRequest)?.timestamp;
      for (const [key, raw] of Object.entries(byModel)) {
        const usage = obj(raw);
        if (!usage) continue;
        const reasoning = tokens(usage.reasoning);
        const colon = key.indexOf(":");
        sink.emit({
          key: `${workspace}:${key}`,
          ts: typeof last === "number" ? last : NaN,
          sessionId: workspace,
          projectKey: "",
          modelId: colon > 0 ? key.slice(colon + 1) : key,
          providerId: colon > 0 ? key.slice(0, colon) : undefined,
          tokens: {
            input: tokens(usage.input),
            cacheRead: tokens(usage.cached),
            cacheWrite: tokens(usage.cacheCreate),
            cacheWrite1h: 0,
            output: tokens(usage.output) + reasoning,
            reasoning,
          },
          costUsd: cost(usage),
        });
      }
    },
  },
};
