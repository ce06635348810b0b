/**
 * OpenHands (CLI on the software-agent-sdk). Each conversation is a folder
 * `<conversations>/<id>/` (home.ts) holding `base_state.json` and `events/`
 * (`event-<index>-<event id>.json`, one event a file).
 *
 * Usage is per call in `base_state.json`:
 * `stats.usage_to_metrics.<usage id>.token_usages[]` (one list per LLM of the
 * conversation: the agent's, a condenser's, …), each with `model`,
 * `prompt_tokens`, `completion_tokens`, `cache_read_tokens`,
 * `cache_write_tokens`, `reasoning_tokens` and `response_id` — and no time.
 * The time of a call is taken from the events: the first event whose
 * `llm_response_id` is the call's `response_id` (the action or message the
 * reply produced), whose `timestamp` is Python's local `datetime.now()`
 * without an offset, read as local time as it was written. A call no event
 * names (a condenser's summary) gets the scan's fallback, the time of the
 * conversation's last other call in the file, else the file's mtime.
 *
 * `prompt_tokens` holds the cached parts (litellm's convention, which the
 * SDK's `MetricsSnapshot.cache_hit_rate` states); when the cached parts are
 * larger than it, they were reported beside it (ACP) and it is all uncached.
 * `completion_tokens` holds the reasoning tokens. Source: software-agent-sdk
 * `openhands/sdk/llm/utils/metrics.py`, `conversation/state.py`,
 * `conversation/conversation_stats.py`, `conversation/persistence_const.py`,
 * `event/base.py`; not yet checked against a run (SOURCES.md).
 *
 * @module
 */

import { join } from "node:path";
import { leanFs } from "../../edge/node_fs.ts";
import { probeNames } from "../../usage/_probe.ts";
import type { DecodeSink, UsageReader } from "../../usage/reader.ts";
import { count } from "../../usage/tokens.ts";
import { homeContext, type HomeEnv } from "../paths.ts";
import { openhandsConversations } from "./home.ts";

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | undefined =>
  v && typeof v === "object" && !Array.isArray(v) ? v as Obj : undefined;
const text = (v: unknown): string | undefined => typeof v === "string" && v ? v : undefined;

/** OpenHands' conversations folder for `host`. */
export function openhandsConversationsDir(host: HomeEnv): string {
  return openhandsConversations(homeContext(host));
}

/** The time of the first event naming each LLM response id. */
function responseTimes(folder: string): Map<string, number> {
  const times = new Map<string, number>();
  let names: readonly string[] | undefined;
  try {
    names = probeNames(join(folder, "events"))?.names;
  } catch {
    return times; // an unreadable events folder: the calls take the fallback time
  }
  for (const name of [...names ?? []].filter((n) => /^event-\d+-.*\.json$/.test(n)).sort()) {
    let raw: string;
    try {
      raw = leanFs.readText(join(folder, "events", name));
    } catch {
      continue;
    }
    if (!raw.includes('"llm_response_id"')) continue;
    let event: Obj | undefined;
    try {
      event = obj(JSON.parse(raw));
    } catch {
      continue;
    }
    const id = text(event?.llm_response_id);
    const ts = text(event?.timestamp) ? Date.parse(event!.timestamp as string) : NaN;
    if (id && Number.isFinite(ts) && !times.has(id)) times.set(id, ts);
  }
  return times;
}

/** Model id and provider from a litellm model string (`anthropic/claude-sonnet-4-5`). */
function modelOf(model: unknown): { modelId?: string; providerId?: string } {
  const parts = (text(model) ?? "").split("/").filter(Boolean);
  if (!parts.length) return {};
  return { modelId: parts.at(-1), providerId: parts.length > 1 ? parts[0] : undefined };
}

function decode(sink: DecodeSink): void {
  let doc: Obj | undefined;
  try {
    doc = obj(JSON.parse(leanFs.readText(sink.source.path)));
  } catch (error) {
    if ((error as { code?: string }).code === "ENOENT") return;
    sink.problem("base_state.json is not valid JSON (being written?); it was skipped");
    return;
  }
  const metrics = obj(obj(doc?.stats)?.usage_to_metrics);
  if (!doc || !metrics) return;
  const folder = sink.source.path.replace(/[\\/]base_state\.json$/, "");
  const session = text(doc.id) ?? folder.split(/[\\/]/).pop() ?? "";
  const projectKey = text(obj(doc.workspace)?.working_dir) ?? "";
  let times: Map<string, number> | undefined;
  for (const [usageId, value] of Object.entries(metrics)) {
    const usages = obj(value)?.token_usages;
    if (!Array.isArray(usages)) continue;
    usages.forEach((entry, index) => {
      const u = obj(entry);
      if (!u) return;
      const prompt = count(u.prompt_tokens);
      const cacheRead = count(u.cache_read_tokens);
      const cacheWrite = count(u.cache_write_tokens);
      const reasoning = count(u.reasoning_tokens);
      const inside = cacheRead + cacheWrite <= prompt;
      const response = text(u.response_id);
      times ??= responseTimes(folder);
      sink.emit({
        key: `${session}:${usageId}:${response ?? `#${index}`}`,
        ts: (response ? times.get(response) : undefined) ?? NaN,
        sessionId: session,
        projectKey,
        ...modelOf(u.model),
        tokens: {
          input: inside ? prompt - cacheRead - cacheWrite : prompt,
          cacheRead,
          cacheWrite,
          cacheWrite1h: 0,
          output: count(u.completion_tokens),
          reasoning,
        },
      });
    });
  }
}

/** The OpenHands reader. */
export const reader: UsageReader = {
  id: "openhands",
  version: 1,
  confidence: "host-reported",
  async sources(machine, list) {
    const found = await list.files([openhandsConversationsDir(machine)], {
      ext: ["base_state.json"],
      filter: (rel) => /^[^\\/]+[\\/]base_state\.json$/.test(rel),
    });
    // The events folder is a companion: a new event (a call's time) changes its mtime.
    return found.map((s) => ({
      ...s,
      format: "custom" as const,
      companions: [s.path.replace(/base_state\.json$/, "events")],
    }));
  },
  custom: {
    decode(sink) {
      decode(sink);
      return Promise.resolve();
    },
  },
};
