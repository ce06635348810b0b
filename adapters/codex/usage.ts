/**
 * Codex CLI: `${CODEX_HOME:-~/.codex}/sessions/YYYY/MM/DD/rollout-*.jsonl` and
 * `archived_sessions/rollout-*.jsonl` (CODEX_HOME may be a comma list).
 *
 * `token_count` events carry the session's cumulative totals: a request is
 * the advance of the totals (re-emitted unchanged totals are skipped; totals
 * that drop start a new baseline and count their `last_token_usage`). A forked
 * or spawned rollout opens with a burst replaying the parent's events, taken
 * as baseline only. Newer rollouts write one `token_usage_record` per response
 * (`response_id`); from the first one on, `token_count` events are mirrors and
 * are skipped (notes/usage-formats.md §2). Codex's `input_tokens` includes the
 * cached part and `output_tokens` includes reasoning.
 *
 * The source key is the rollout's file name, so a rollout moved into
 * `archived_sessions/` keeps its cursor and counts once.
 *
 * @module
 */

import { basename, join } from "node:path";
import type { UsageTokens } from "../../core/usage_types.ts";
import type { ReaderRecord, UsageReader } from "../../usage/reader.ts";
import { homeContext, type PathFn } from "../paths.ts";
import type { HostId } from "../../core/platform_types.ts";
import { codexHome } from "./home.ts";
import { count, parseTs } from "../../usage/tokens.ts";

/** Codex's home folders for `host` (`CODEX_HOME` comma list, else `~/.codex`). */
export function codexHomes(
  host: { home: string; env: Record<string, string | undefined> },
): string[] {
  return codexHome.all(homeContext(host));
}

/** A replay burst: token_count events this close to the first one in a forked rollout. */
const REPLAY_MS = 1000;

type Totals = [number, number, number, number, number]; // input, cached, output, reasoning, cacheWrite

interface State {
  session?: string;
  cwd?: string;
  model?: string;
  tier?: number;
  fork?: boolean;
  firstCountTs?: number;
  totals?: Totals;
  records?: boolean;
  lastCountKey?: string;
  lastCountUsage?: Totals;
}

function readTotals(u: unknown): Totals | undefined {
  if (!u || typeof u !== "object") return undefined;
  const o = u as Record<string, unknown>;
  return [
    count(o.input_tokens),
    count(o.cached_input_tokens),
    count(o.output_tokens),
    count(o.reasoning_output_tokens),
    count(o.cache_write_input_tokens),
  ];
}

function toTokens(t: Totals): UsageTokens {
  const [input, cached, output, reasoning, written] = t;
  const cacheRead = Math.min(cached, input);
  const cacheWrite = Math.min(written, input - cacheRead);
  return {
    input: input - cacheRead - cacheWrite,
    cacheRead,
    cacheWrite,
    cacheWrite1h: 0,
    output,
    reasoning: Math.min(reasoning, output),
  };
}

/**
 * The start of a rollout line `line` below returns at once for: a top-level
 * `type` other than the four it reads, or an `event_msg` whose payload type
 * is neither `token_count` nor `thread_settings_applied` (the bulk of a
 * rollout: messages, tool output, reasoning). Codex writes every line as
 * `{"timestamp":…,["ordinal":N,]"type":…,"payload":{"type":…` (its
 * `RolloutLine`: the timestamp, then the item tagged by `type` and
 * `payload`; codex 0.171 adds `ordinal`), so the start proves the kind.
 */
const IGNORED_LINE =
  /\{"timestamp":"[^"\\]*",(?:"ordinal":\d+,)?"type":"(?:(?!(?:session_meta|turn_context|token_usage_record|event_msg)")[^"\\]*"|event_msg","payload":\{"type":"(?!(?:token_count|thread_settings_applied)")[^"\\]*")/y;

const same = (a: Totals, b: Totals) => a.every((v, i) => v === b[i]);
const advanced = (now: Totals, was: Totals) => now.every((v, i) => v >= was[i]) && !same(now, was);

/**
 * A reader of Codex rollouts under the homes `homes` names, as host `id`
 * (Codex itself, and Codex-based agents that move its home).
 */
export function codexRolloutReader(id: HostId, homes: PathFn): UsageReader {
  return {
    id,
    // 2: projects in the one spelling of `_project.ts`, and `turn_context`'s cwd as well.
    version: 2,
    confidence: "host-reported",
    async sources(machine, list) {
      const dirs = homes.all(homeContext(machine));
      const found = await list.files(
        [...dirs.map((h) => join(h, "sessions")), ...dirs.map((h) => join(h, "archived_sessions"))],
        { ext: [".jsonl"] },
      );
      for (const source of found) source.key = `${id}:${basename(source.path)}`;
      return found;
    },
    jsonl: {
      markers: [
        "token_count",
        "token_usage_record",
        "turn_context",
        "session_meta",
        "thread_settings_applied",
      ],
      skip: IGNORED_LINE,
      open(sink, saved) {
        const st: State = { ...(saved as State | undefined) };
        const stem = basename(sink.source.path).replace(/\.jsonl$/, "");
        const emit = (key: string, ts: number, t: Totals, model?: string) => {
          const record: ReaderRecord = {
            key,
            ts,
            sessionId: st.session ?? stem,
            projectKey: st.cwd ?? "",
            tokens: toTokens(t),
          };
          const m = model ?? st.model;
          if (m) record.modelId = m;
          if (st.tier && st.tier !== 1) record.pricingMultiplier = st.tier;
          sink.emit(record);
        };
        return {
          line(value) {
            const line = value as {
              timestamp?: unknown;
              type?: unknown;
              payload?: Record<string, unknown>;
            };
            const p = line?.payload;
            if (!p || typeof p !== "object") return;
            const ts = parseTs(line.timestamp);
            if (line.type === "session_meta") {
              if (typeof p.id === "string" && !st.session) st.session = p.id;
              if (typeof p.cwd === "string" && p.cwd) st.cwd = p.cwd;
              const source = p.source as { subagent?: { thread_spawn?: unknown } } | undefined;
              if (p.forked_from_id || source?.subagent?.thread_spawn) st.fork = true;
              return;
            }
            if (line.type === "turn_context") {
              if (typeof p.model === "string") st.model = p.model;
              // A rollout whose session_meta names no folder: the turn's does.
              if (typeof p.cwd === "string" && p.cwd) st.cwd ??= p.cwd;
              return;
            }
            if (line.type === "token_usage_record") {
              const usage = readTotals(p.usage);
              if (!usage || typeof p.response_id !== "string") return;
              st.records = true;
              // The token_count just before it may be the same response: share its key.
              const key = st.lastCountUsage &&
                  same(st.lastCountUsage.slice(0, 3) as Totals, usage.slice(0, 3) as Totals)
                ? st.lastCountKey!
                : `resp:${p.response_id}`;
              st.lastCountKey = key;
              st.lastCountUsage = undefined;
              emit(key, ts, usage, typeof p.model === "string" ? p.model : undefined);
              return;
            }
            if (line.type !== "event_msg") return;
            if (p.type === "thread_settings_applied") {
              const tier = (p.thread_settings as { service_tier?: unknown } | undefined)
                ?.service_tier;
              st.tier = tier === "priority" || tier === "fast" ? 2 : 1;
              return;
            }
            if (p.type !== "token_count") return;
            const info = p.info as
              | { total_token_usage?: unknown; last_token_usage?: unknown; model?: unknown }
              | null
              | undefined;
            if (!info || typeof info !== "object") return; // a rate-limit refresh
            const totals = readTotals(info.total_token_usage);
            const last = readTotals(info.last_token_usage);
            if (!totals) return;
            const was = st.totals;
            if (was && same(totals, was)) return; // re-emitted snapshot
            st.totals = totals;
            if (st.fork) {
              st.firstCountTs ??= ts;
              if (ts - st.firstCountTs < REPLAY_MS) return; // the parent's replay: baseline only
              st.fork = false;
            }
            if (st.records) return; // token_usage_record lines carry the responses
            let delta: Totals;
            if (!was) delta = last ?? totals;
            else if (last && same(totals, last)) delta = last; // totals restarted from this call
            else if (advanced(totals, was)) delta = totals.map((v, i) => v - was[i]) as Totals;
            else delta = last ?? totals; // totals dropped: a new baseline
            const model = typeof info.model === "string" ? info.model : undefined;
            const key = `${stem}:${ts}:${totals.join(".")}`;
            st.lastCountKey = key;
            st.lastCountUsage = delta;
            emit(key, ts, delta, model);
          },
          save: () => st,
        };
      },
    },
  };
}

/** The Codex reader. */
export const reader: UsageReader = codexRolloutReader("codex", codexHome);
