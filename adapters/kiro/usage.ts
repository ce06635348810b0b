/**
 * Kiro CLI. Kiro logs no token usage of its own, so every number here is an
 * estimate (the reader is `host-estimated`, spec §5 "Kiro char/4"), made the
 * way tokscale makes it:
 *
 * - Sessions in `${KIRO_HOME:-~/.kiro}/sessions/cli/<id>.json` (metadata:
 *   `session_id`, `cwd`, `session_state.rts_model_state.model_info.{model_id,
 *   context_window_tokens}`, `session_state.conversation_metadata
 *   .user_turn_metadatas[]` with `input_token_count`, `output_token_count`,
 *   `context_usage_percentage`, `message_ids`, `end_timestamp`) beside
 *   `<id>.jsonl` (the transcript: `Prompt` and `AssistantMessage` entries with
 *   text `content` and `meta.timestamp`). Per turn: the logged counts when
 *   non-zero, else input = context window × usage percentage (or prompt
 *   characters / 4) and output = answer characters / 4.
 * - Older conversations in the SQLite store `data.sqlite3` of the `kiro-cli`
 *   data folder (`${XDG_DATA_HOME:-~/.local/share}`, `~/Library/Application
 *   Support` on macOS, `%LOCALAPPDATA%` on Windows), table
 *   `conversations_v2(key = cwd, conversation_id, value)`: per history entry,
 *   input = window × `request_metadata.context_usage_percentage`, output =
 *   `response_size` / 4.
 *
 * A request is (session, turn index) in both. Kiro IDE's private chat
 * snapshots are not read. Source: tokscale
 * `crates/tokscale-core/src/sessions/kiro.rs`.
 *
 * @module
 */

import { join } from "node:path";
import { leanFs } from "../../edge/node_fs.ts";
import { probeExists } from "../../usage/_probe.ts";
import type { DecodeSink, UsageReader, UsageSource } from "../../usage/reader.ts";
import { count } from "../../usage/tokens.ts";
import { homeContext, type HomeEnv } from "../paths.ts";
import { databaseSource, numberOf, readDatabase, textOf } from "../../usage/readers/_sqlite.ts";
import { kiroDataDir, kiroDir } from "./home.ts";

/** Kiro's home folder for `host` (home.ts). */
export function kiroHome(host: HomeEnv): string {
  return kiroDir(homeContext(host));
}

/** Where the Kiro CLI keeps its SQLite store for `host`. */
export function kiroDatabase(host: HomeEnv): string {
  return kiroDataDir.join("data.sqlite3")(homeContext(host));
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | undefined =>
  v && typeof v === "object" && !Array.isArray(v) ? v as Obj : undefined;

/** Tokens estimated from characters, as the anchors do: 4 characters a token, rounded up. */
const estimate = (chars: number) => Math.ceil(chars / 4);

function textChars(content: unknown): number {
  if (!Array.isArray(content)) return 0;
  let n = 0;
  for (const part of content) {
    const p = obj(part);
    if (p && (p.kind === undefined || p.kind === "text") && typeof p.data === "string") {
      n += [...p.data].length;
    }
  }
  return n;
}

/** Characters of each assistant message (with the prompt that led to it) and its prompt time. */
function transcript(text: string): Map<string, { prompt: number; answer: number; ts?: number }> {
  const byId = new Map<string, { prompt: number; answer: number; ts?: number }>();
  let pending: { chars: number; ts?: number } | undefined;
  for (const raw of text.split("\n")) {
    let entry: Obj | undefined;
    try {
      entry = obj(JSON.parse(raw));
    } catch {
      continue; // a torn last line, or a line that is not JSON: it adds no characters
    }
    const data = obj(entry?.data);
    const id = data?.message_id;
    if (!data || typeof id !== "string") continue;
    if (entry!.kind === "Prompt") {
      const ts = numberOf(obj(data.meta)?.timestamp);
      pending = {
        chars: textChars(data.content),
        ts: ts === undefined ? undefined : Math.floor(ts * 1000),
      };
    } else if (entry!.kind === "AssistantMessage") {
      const m = byId.get(id) ?? { prompt: 0, answer: 0 };
      if (pending) {
        m.prompt += pending.chars;
        m.ts ??= pending.ts;
        pending = undefined;
      }
      m.answer += textChars(data.content);
      byId.set(id, m);
    }
  }
  return byId;
}

function readText(path: string): string | undefined {
  try {
    return leanFs.readText(path);
  } catch (error) {
    if ((error as { code?: string }).code === "ENOENT") return undefined;
    throw error;
  }
}

function timeOfTurn(value: unknown): number | undefined {
  const n = numberOf(value);
  if (n !== undefined) return n < 1e12 ? n * 1000 : n;
  return typeof value === "string" ? Date.parse(value) : undefined;
}

function decodeSession(sink: DecodeSink): void {
  const text = readText(sink.source.path);
  if (text === undefined) return;
  let doc: Obj | undefined;
  try {
    doc = obj(JSON.parse(text));
  } catch {
    sink.problem("the file is not valid JSON (truncated?); it was skipped");
    return;
  }
  if (!doc) return;
  const state = obj(doc.session_state);
  const info = obj(obj(state?.rts_model_state)?.model_info);
  const turns = obj(state?.conversation_metadata)?.user_turn_metadatas;
  if (!Array.isArray(turns)) return;
  const stem = (sink.source.path.split(/[\\/]/).pop() ?? "").replace(/\.json$/, "");
  const session = textOf(doc.session_id) ?? stem;
  const window = count(numberOf(info?.context_window_tokens));
  const messages = transcript(readText(sink.source.path.replace(/\.json$/, ".jsonl")) ?? "");
  turns.forEach((value, index) => {
    const turn = obj(value);
    if (!turn) return;
    let prompt = 0;
    let answer = 0;
    let ts: number | undefined;
    for (const id of Array.isArray(turn.message_ids) ? turn.message_ids : []) {
      const m = typeof id === "string" ? messages.get(id) : undefined;
      if (!m) continue;
      prompt += m.prompt;
      answer += m.answer;
      ts ??= m.ts;
    }
    const share = numberOf(turn.context_usage_percentage) ?? 0;
    const input = count(numberOf(turn.input_token_count)) ||
      (window > 0 && share > 0 ? Math.floor(window * share / 100) : estimate(prompt));
    const output = count(numberOf(turn.output_token_count)) || estimate(answer);
    sink.emit({
      key: `${session}:${index}`,
      ts: ts ?? timeOfTurn(turn.end_timestamp) ?? NaN,
      sessionId: session,
      projectKey: textOf(doc!.cwd) ?? "",
      modelId: textOf(info?.model_id),
      tokens: { input, cacheRead: 0, cacheWrite: 0, cacheWrite1h: 0, output, reasoning: 0 },
    });
  });
}

function decodeStore(sink: DecodeSink): Promise<void> {
  return readDatabase(sink, (db) => {
    if (!db.tables.has("conversations_v2")) return; // an older store: nothing it logs is usable
    db.each("SELECT key, conversation_id, value FROM conversations_v2", (row) => {
      let value: Obj | undefined;
      try {
        value = obj(JSON.parse(String(row.value)));
      } catch {
        sink.problem("a conversation's value is not JSON; it was skipped");
        return;
      }
      const info = obj(value?.model_info);
      const window = count(numberOf(info?.context_window_tokens));
      const history = value?.history;
      if (!Array.isArray(history)) return;
      const session = String(row.conversation_id);
      history.forEach((entry, index) => {
        const meta = obj(obj(entry)?.request_metadata);
        if (!meta) return;
        const share = numberOf(meta.context_usage_percentage) ?? 0;
        const start = numberOf(meta.request_start_timestamp_ms) ??
          numberOf(meta.stream_end_timestamp_ms);
        sink.emit({
          key: `${session}:${index}`,
          ts: start ?? NaN,
          sessionId: session,
          projectKey: textOf(row.key) ?? "",
          modelId: textOf(info?.model_id),
          tokens: {
            input: window > 0 && share > 0 ? Math.floor(window * share / 100) : 0,
            cacheRead: 0,
            cacheWrite: 0,
            cacheWrite1h: 0,
            output: estimate(count(numberOf(meta.response_size))),
            reasoning: 0,
          },
        });
      });
    });
  });
}

/** The Kiro reader. */
export const reader: UsageReader = {
  id: "kiro",
  // 2: its logged folder is a project in the one spelling of `_project.ts`.
  version: 2,
  confidence: "host-estimated",
  async sources(machine, list) {
    const sessions = await list.files([join(kiroHome(machine), "sessions", "cli")], {
      ext: [".json"],
      filter: (rel) => !/[\\/]/.test(rel),
    });
    const out: UsageSource[] = sessions.map((s) => ({
      ...s,
      format: "custom",
      companions: [s.path.replace(/\.json$/, ".jsonl")],
      meta: { ...s.meta, kind: "session" },
    }));
    const store = kiroDatabase(machine);
    if (probeExists(store)) out.push(databaseSource(store, { kind: "store" }));
    return out;
  },
  custom: {
    decode(sink) {
      if (sink.source.meta?.kind === "store") return decodeStore(sink);
      decodeSession(sink);
      return Promise.resolve();
    },
  },
};
