/**
 * VS Code with GitHub Copilot Chat. VS Code's own chat history
 * (`workspaceStorage/<hash>/chatSessions/`) is no usage log: Copilot Chat
 * puts `promptTokens`/`outputTokens` into a turn's result metadata only for
 * Anthropic models and only for the turn's last model request
 * (microsoft/vscode-copilot-chat@31acd00a86424e2ee6e980e54919cf31fbf88030
 * src/extension/intents/node/toolCallingLoop.ts `AnthropicTokenUsageMetadata`,
 * replaced each round; prompt/node/defaultIntentRequestHandler.ts
 * `resultWithMetadatas`).
 *
 * What is read is Copilot Chat's debug log, written when
 * `github.copilot.chat.chatDebug.fileLogging.enabled` is on (default off,
 * but an experiment may turn it on; src/platform/configuration/common/
 * configurationService.ts `ChatDebugFileLogging`): per workspace,
 * `<editor user folder>/workspaceStorage/<hash>/GitHub.copilot-chat/debug-logs/
 * <session>/main.jsonl`, and `<label>-<child session>.jsonl` beside it for a
 * child session such as the title request (src/extension/chat/vscode-node/
 * chatDebugFileLoggerService.ts `_ensureSession`). Each model request is one
 * line `{ts, dur, sid, type: "llm_request", spanId, attrs: {model,
 * inputTokens, outputTokens}}` (`_spanToEntry`, operation `chat`), the
 * span's `gen_ai.usage.input_tokens` (the prompt, cached part included: the
 * log has no cache count) and `output_tokens`. A request is its span id. The
 * workspace's folder is `workspace.json` `folder` beside it. The log keeps
 * the 50 newest sessions and at most 100 MB per session (oldest lines cut).
 *
 * Copilot Chat's OpenTelemetry span store `agent-traces.db`, when enabled,
 * is read too (usage_traces.ts): it names the same requests by the same span
 * ids and splits off the cache, so its copy of a request wins and the debug
 * log's is secondary.
 *
 * @module
 */

import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { SourceLister, UsageReader, UsageSource } from "../../usage/reader.ts";
import { count, parseTs } from "../../usage/tokens.ts";
import { appConfig, homeContext, type HomeEnv } from "../paths.ts";
import { probeExists, probeNames, probeText } from "../../usage/_probe.ts";
import { decodeTraces, tracesSources } from "./usage_traces.ts";

/** The VS Code builds whose user folder is searched. */
const EDITORS = ["Code", "Code - Insiders", "VSCodium"];
/** Copilot Chat's storage folder in a workspace's storage (its extension id). */
const EXTENSION = "GitHub.copilot-chat";

/** The `workspaceStorage` folders of the VS Code builds for `host`. */
export function vscodeWorkspaceStorages(host: HomeEnv): string[] {
  const ctx = homeContext(host);
  return EDITORS.map((e) => appConfig(e, "User", "workspaceStorage")(ctx));
}

/** The folder a workspace storage belongs to, from its `workspace.json`; "" when unknown. */
function workspaceFolder(storage: string): string {
  try {
    const doc = JSON.parse(probeText(join(storage, "workspace.json"))) as {
      folder?: unknown;
      workspace?: unknown;
    };
    const uri = typeof doc.folder === "string" ? doc.folder : doc.workspace;
    return typeof uri === "string" && uri.startsWith("file:") ? fileURLToPath(uri) : "";
  } catch {
    return "";
  }
}

/** The debug-log roots of every workspace storage that has one, with the workspace's folder. */
async function debugLogs(root: string, list: SourceLister): Promise<UsageSource[]> {
  let names: string[] | undefined;
  try {
    names = probeNames(root)?.names;
  } catch {
    list.problem(root, "cannot list this folder; it was skipped");
    return [];
  }
  const out: UsageSource[] = [];
  for (const hash of names ?? []) {
    const logs = join(root, hash, EXTENSION, "debug-logs");
    if (!probeExists(logs)) continue;
    const project = workspaceFolder(join(root, hash));
    const found = await list.files([logs], {
      ext: [".jsonl"],
      filter: (rel) => /^[^\\/]+[\\/][^\\/]+\.jsonl$/.test(rel),
    });
    for (const s of found) out.push({ ...s, meta: { ...s.meta, project } });
  }
  return out;
}

/** The VS Code Copilot reader. */
export const reader: UsageReader = {
  id: "vscode-copilot",
  version: 1,
  confidence: "host-reported",
  async sources(machine, list) {
    const all: UsageSource[] = [];
    for (const root of vscodeWorkspaceStorages(machine)) all.push(...await debugLogs(root, list));
    return [...all, ...tracesSources(machine, EDITORS)];
  },
  jsonl: {
    markers: ['"llm_request"'],
    pick: { type: true, ts: true, sid: true, spanId: true, attrs: true },
    open: (sink) => ({
      line(value) {
        const e = value as {
          type?: unknown;
          ts?: unknown;
          sid?: unknown;
          spanId?: unknown;
          attrs?: Record<string, unknown>;
        };
        const a = e.attrs;
        if (e.type !== "llm_request" || !a || typeof e.spanId !== "string") return;
        if (a.inputTokens === undefined && a.outputTokens === undefined) return;
        const model = typeof a.model === "string" && a.model !== "unknown" ? a.model : undefined;
        sink.emit({
          key: e.spanId,
          ts: parseTs(e.ts),
          sessionId: typeof e.sid === "string" ? e.sid : "",
          projectKey: sink.source.meta?.project ?? "",
          modelId: model,
          // The span store's copy of the same request splits off the cache.
          secondary: true,
          tokens: {
            input: count(a.inputTokens),
            cacheRead: 0,
            cacheWrite: 0,
            cacheWrite1h: 0,
            output: count(a.outputTokens),
            reasoning: 0,
          },
        });
      },
      save: () => null,
    }),
  },
  custom: { decode: decodeTraces },
};
