/**
 * Cline's usage, from two stores (cline/cline@21cb8d2525bcedf1f4b6890b27a74a14fe7451e4):
 *
 * - The SDK sessions, written by the CLI and by the extension since it moved
 *   onto the SDK: `<sessions>/<id>/<id>.messages.json` (a subagent's file
 *   sits in its root session's folder), where `<sessions>` is
 *   `$CLINE_SESSION_DATA_DIR`, else `<data>/sessions`, and `<data>` is
 *   `$CLINE_DATA_DIR`, else `$CLINE_DIR/data`, else `~/.cline/data`
 *   (sdk/packages/shared/src/storage/paths.ts `resolveSessionDataDir`;
 *   sdk/packages/core/src/services/session-artifacts.ts
 *   `sessionMessagesPath`). The document is `{version, sessionId, messages}`
 *   (services/session-data.ts `buildMessagesFilePayload`); each assistant
 *   message carries its model call's `metrics{inputTokens, outputTokens,
 *   cacheReadTokens, cacheWriteTokens, cost}`, `modelInfo{id, provider}`,
 *   `id` and `ts` (shared/src/llms/messages.ts `MessageWithMetadata`).
 *   `inputTokens` is the AI SDK's whole prompt, cache reads and writes
 *   included (agents/src/agent-runtime.ts `usageDelta`; Cline's own
 *   apps/vscode/src/sdk/message-translator.ts `normalizeUsageEvent`
 *   subtracts both). The session's manifest `<id>.json` beside it gives the
 *   working folder (`cwd`, session/models/session-manifest.ts).
 * - The classic extension's tasks: `<tasks>/<taskId>/ui_messages.json`,
 *   under `<data>/tasks` and under VS Code's global storage
 *   `saoudrizwan.claude-dev/tasks` (apps/vscode/src/sdk/legacy-state-reader.ts,
 *   sdk-task-history.ts `getLegacyDataDirs`). Each `say: "api_req_started"`
 *   message (and `deleted_api_reqs`, `subagent_usage`) holds JSON text
 *   `{tokensIn, tokensOut, cacheWrites, cacheReads, cost}` in disjoint
 *   buckets, as Cline sums them (apps/vscode/src/shared/getApiMetrics.ts);
 *   its `ts` names it. The task's folder and model come from
 *   `<tasks>/../state/taskHistory.json` (`cwdOnTaskInitialization`,
 *   `modelId`).
 *
 * A classic task resumed on the SDK becomes a session whose last old
 * assistant message carries the whole old task's totals, followed by the
 * legacy-conversation warning (apps/vscode/src/sdk/legacy-task-handling.ts
 * `legacyApiHistoryToSdkMessages`); that message is skipped, since the
 * task's `ui_messages.json` keeps the same requests one by one.
 *
 * @module
 */

import { basename, dirname, join } from "node:path";
import type { DecodeSink, ReaderRecord, UsageReader, UsageSource } from "../../usage/reader.ts";
import { count } from "../../usage/tokens.ts";
import { appConfig, envDir, home, homeContext } from "../paths.ts";
import { probeText } from "../../usage/_probe.ts";
import { nodeFs } from "../../edge/node_fs.ts";
import type { UsageTokens } from "../../core/usage_types.ts";

type Json = Record<string, unknown>;

const obj = (v: unknown): Json | undefined =>
  v && typeof v === "object" && !Array.isArray(v) ? v as Json : undefined;
const text = (v: unknown): string | undefined => typeof v === "string" && v ? v : undefined;

const clineDir = envDir("CLINE_DIR", home(".cline"));
const dataDir = envDir("CLINE_DATA_DIR", clineDir.join("data"));
const sessionsDir = envDir("CLINE_SESSION_DATA_DIR", dataDir.join("sessions"));
/** The VS Code editors whose global storage may hold the classic extension's tasks. */
const EDITORS = ["Code", "Code - Insiders", "VSCodium"];

/** The say-messages whose JSON text carries a request's (or a batch's) usage. */
const USAGE_SAYS = new Set(["api_req_started", "deleted_api_reqs", "subagent_usage"]);
/** The text Cline appends after a resumed classic task's history. */
const LEGACY_WARNING = "Warning: this is a legacy conversation";

/** The four buckets of one SDK message's `metrics` (its `inputTokens` holds the cache). */
export function clineMetricsTokens(metrics: Json): UsageTokens {
  const prompt = count(metrics.inputTokens);
  const cacheRead = count(metrics.cacheReadTokens);
  const cacheWrite = count(metrics.cacheWriteTokens);
  return {
    input: Math.max(0, prompt - cacheRead - cacheWrite),
    cacheRead,
    cacheWrite,
    cacheWrite1h: 0,
    output: count(metrics.outputTokens),
    reasoning: 0,
  };
}

function isLegacyWarning(message: Json | undefined): boolean {
  if (message?.role !== "user") return false;
  const content = message.content;
  if (typeof content === "string") return content.startsWith(LEGACY_WARNING);
  return Array.isArray(content) &&
    content.some((part) => text(obj(part)?.text)?.startsWith(LEGACY_WARNING));
}

/** Decodes one SDK messages file and its manifest. */
function decodeSession(sink: DecodeSink): void {
  const path = sink.source.path;
  let doc: unknown;
  try {
    doc = JSON.parse(nodeFs().readFileSync(path, "utf8"));
  } catch (error) {
    sink.problem(`not a Cline messages file: ${(error as Error).message}`);
    return;
  }
  const root = obj(doc);
  const messages = Array.isArray(doc) ? doc : root?.messages;
  if (!Array.isArray(messages)) {
    sink.problem("not a Cline messages file: no messages list");
    return;
  }
  const fileSession = basename(path).replace(/\.messages\.json$/, "");
  const sessionId = text(root?.sessionId) ?? fileSession;
  let projectKey = "";
  try {
    const manifest = obj(JSON.parse(nodeFs().readFileSync(manifestOf(path), "utf8")));
    projectKey = text(manifest?.cwd) ?? text(manifest?.workspace_root) ?? "";
  } catch {
    // No manifest (sessions kept in sessions.db only): no project.
  }
  messages.forEach((item, index) => {
    const m = obj(item);
    const metrics = obj(m?.metrics);
    if (m?.role !== "assistant" || !metrics) return;
    if (isLegacyWarning(obj(messages[index + 1]))) return;
    const model = obj(m.modelInfo);
    const record: ReaderRecord = {
      key: `${text(m.sessionId) ?? sessionId}:${text(m.id) ?? `#${index}`}`,
      ts: typeof m.ts === "number" ? m.ts : NaN,
      sessionId: text(m.sessionId) ?? sessionId,
      projectKey,
      modelId: text(model?.id),
      providerId: text(model?.provider),
      tokens: clineMetricsTokens(metrics),
    };
    const cost = typeof metrics.cost === "number" ? metrics.cost : 0;
    if (cost > 0) record.costUsd = cost;
    sink.emit(record);
  });
}

/** A session's manifest: `<sessions>/<id>/<id>.json`, beside its messages file(s). */
function manifestOf(messagesPath: string): string {
  const dir = dirname(messagesPath);
  return join(dir, `${basename(dir)}.json`);
}

/** Decodes one classic `ui_messages.json`. */
function decodeTask(value: unknown, sink: DecodeSink): void {
  if (!Array.isArray(value)) {
    sink.problem("not a Cline ui_messages.json: not a list");
    return;
  }
  const meta = sink.source.meta ?? {};
  const taskId = meta.task ?? "";
  value.forEach((item, index) => {
    const m = obj(item);
    if (m?.type !== "say" || !USAGE_SAYS.has(m.say as string) || typeof m.text !== "string") return;
    let info: Json | undefined;
    try {
      info = obj(JSON.parse(m.text));
    } catch {
      sink.problem(`message ${index}: its usage text is not JSON`);
      return;
    }
    if (!info || (info.tokensIn === undefined && info.tokensOut === undefined)) return;
    const model = obj(m.modelInfo);
    const ts = typeof m.ts === "number" ? m.ts : NaN;
    const record: ReaderRecord = {
      key: `${taskId}:${Number.isFinite(ts) ? ts : `#${index}`}`,
      ts,
      sessionId: taskId,
      projectKey: meta.cwd ?? "",
      modelId: text(model?.modelId) ?? text(meta.model),
      providerId: text(model?.providerId),
      tokens: {
        input: count(info.tokensIn),
        cacheRead: count(info.cacheReads),
        cacheWrite: count(info.cacheWrites),
        cacheWrite1h: 0,
        output: count(info.tokensOut),
        reasoning: 0,
      },
    };
    const cost = typeof info.cost === "number" ? info.cost : 0;
    if (cost > 0) record.costUsd = cost;
    sink.emit(record);
  });
}

/** The classic task folders for `machine`: `<data>/tasks` and the editors' global storage. */
export function clineTaskRoots(machine: Parameters<typeof homeContext>[0]): string[] {
  const ctx = homeContext(machine);
  return [
    dataDir.join("tasks")(ctx),
    ...EDITORS.map((e) =>
      appConfig(e, "User", "globalStorage", "saoudrizwan.claude-dev", "tasks")(ctx)
    ),
  ];
}

/** Task id → its folder and model, from the `taskHistory.json` beside `tasksRoot`. */
function taskHistory(tasksRoot: string): Map<string, { cwd?: string; model?: string }> {
  const out = new Map<string, { cwd?: string; model?: string }>();
  let items: unknown;
  try {
    items = JSON.parse(probeText(join(dirname(tasksRoot), "state", "taskHistory.json")));
  } catch {
    return out;
  }
  if (!Array.isArray(items)) return out;
  for (const item of items) {
    const h = obj(item);
    const id = text(h?.id);
    if (id) out.set(id, { cwd: text(h?.cwdOnTaskInitialization), model: text(h?.modelId) });
  }
  return out;
}

/** The Cline reader. */
export const reader: UsageReader = {
  id: "cline",
  version: 1,
  confidence: "host-reported",
  async sources(machine, list) {
    const ctx = homeContext(machine);
    const sessions = (await list.files([sessionsDir(ctx)], { ext: [".messages.json"] }))
      .map((s): UsageSource => ({
        ...s,
        format: "custom",
        companions: [manifestOf(s.path)],
      }));
    const tasks: UsageSource[] = [];
    for (const root of clineTaskRoots(machine)) {
      const found = await list.files([root], {
        ext: ["ui_messages.json"],
        filter: (rel) => /^[^\\/]+[\\/]ui_messages\.json$/.test(rel),
      });
      if (found.length === 0) continue;
      const history = taskHistory(root);
      for (const s of found) {
        const task = basename(dirname(s.path));
        const h = history.get(task);
        const meta: Record<string, string> = { ...s.meta, task };
        if (h?.cwd) meta.cwd = h.cwd;
        if (h?.model) meta.model = h.model;
        tasks.push({ ...s, format: "json", meta });
      }
    }
    return [...sessions, ...tasks];
  },
  json: {
    markers: [...USAGE_SAYS].map((s) => `"${s}"`),
    decode: decodeTask,
  },
  custom: {
    decode(sink) {
      decodeSession(sink);
      return Promise.resolve();
    },
  },
};
