/**
 * Claude Code: `projects/<encoded cwd>/<session>.jsonl`, with subagent and
 * workflow files under `<session>/subagents/`, in `~/.claude` and
 * `${XDG_CONFIG_HOME:-~/.config}/claude`, or in each entry of
 * `CLAUDE_CONFIG_DIR` (a comma list of config dirs or `projects` dirs).
 *
 * One request = one API response (`message.id`, else `requestId`). Streaming
 * writes a response as several lines whose `output_tokens` grows, and resumed
 * sessions or subagent files copy earlier lines: every copy has the same
 * identity, and the largest one counts (notes/usage-formats.md §1).
 *
 * @module
 */

import { join } from "node:path";
import type { ReaderRecord, UsageReader } from "../../usage/reader.ts";
import { envList } from "../../usage/_walk.ts";
import { probeExists } from "../../usage/_probe.ts";
import { count, parseTs } from "../../usage/tokens.ts";
import { decodeClaudeFolder } from "../../usage/_project.ts";
import { homeContext } from "../paths.ts";
import { claudeDir } from "./home.ts";

/** The roots that hold Claude Code's `projects` folders for `host`. */
export function claudeProjectRoots(
  host: { home: string; env: Record<string, string | undefined> },
): string[] {
  const dirs = claudeDir.all(homeContext(host));
  if (envList(host.env.CLAUDE_CONFIG_DIR).length > 0) {
    // Each entry is a config dir holding `projects/` (renamed by
    // CLAUDE_CODE_PROJECT_DIR_NAME, HOSTS.md §claude-code), or that dir itself.
    const name = host.env.CLAUDE_CODE_PROJECT_DIR_NAME || "projects";
    return dirs.map((dir) => (probeExists(join(dir, name)) ? join(dir, name) : dir));
  }
  return dirs.map((dir) => join(dir, "projects"));
}

interface Line {
  type?: unknown;
  requestId?: unknown;
  sessionId?: unknown;
  cwd?: unknown;
  timestamp?: unknown;
  isSidechain?: unknown;
  costUSD?: unknown;
  message?: {
    id?: unknown;
    model?: unknown;
    usage?: Record<string, unknown> & {
      cache_creation?: Record<string, unknown>;
      output_tokens_details?: Record<string, unknown>;
    };
  };
}

/** The Claude Code reader. */
export const reader: UsageReader = {
  id: "claude-code",
  // 2: the project is the logged cwd (else the decoded folder), not the folder name.
  version: 2,
  confidence: "host-reported",
  sources(machine, list) {
    return list.files(claudeProjectRoots(machine), { ext: [".jsonl"] });
  },
  jsonl: {
    markers: ['"usage"'],
    pick: {
      type: true,
      requestId: true,
      sessionId: true,
      cwd: true,
      timestamp: true,
      isSidechain: true,
      costUSD: true,
      message: { id: true, model: true, usage: true },
    },
    open(sink, saved) {
      const meta = sink.source.meta ?? {};
      const parts = (meta.rel ?? "").split(/[\\/]/);
      // projects/<project>/<session>.jsonl or projects/<project>/<session>/…/agent-x.jsonl
      const folder = parts.length > 1 ? parts[0] : "";
      const fileSession = parts.length > 2
        ? parts[1]
        : (parts[parts.length - 1] ?? "").replace(/\.jsonl$/, "");
      // The project is the `cwd` of the file's lines: a line without one takes
      // the file's, and lines before the first `cwd` wait for it (a file that
      // logs none at all falls back to the decoded folder name at its end).
      let cwd = (saved as { cwd?: string } | null | undefined)?.cwd;
      let waiting: ReaderRecord[] = [];
      const flush = (project: string) => {
        for (const r of waiting) {
          r.projectKey = project;
          sink.emit(r);
        }
        waiting = [];
      };
      return {
        line(value, at) {
          const line = value as Line;
          if (!line || typeof line !== "object") return;
          const message = line.message;
          const usage = message?.usage;
          if (!usage || typeof usage !== "object") return;
          if (line.type !== undefined && line.type !== "assistant") return;
          const model = typeof message.model === "string" ? message.model : undefined;
          if (model === "<synthetic>") return;
          const flat = count(usage.cache_creation_input_tokens);
          const split = usage.cache_creation && typeof usage.cache_creation === "object"
            ? usage.cache_creation
            : undefined;
          const w5 = count(split?.ephemeral_5m_input_tokens);
          const w1h = count(split?.ephemeral_1h_input_tokens);
          const cacheWrite = Math.max(flat, w5 + w1h);
          const id = typeof message.id === "string" && message.id
            ? message.id
            : typeof line.requestId === "string" && line.requestId
            ? line.requestId
            : `${sink.source.key ?? sink.source.path}@${at}`;
          const record: ReaderRecord = {
            key: id,
            ts: parseTs(line.timestamp),
            sessionId: typeof line.sessionId === "string" && line.sessionId
              ? line.sessionId
              : fileSession,
            projectKey: "",
            modelId: model && usage.speed === "fast" ? `${model}-fast` : model,
            tokens: {
              input: count(usage.input_tokens),
              cacheRead: count(usage.cache_read_input_tokens),
              cacheWrite,
              cacheWrite1h: Math.min(w1h, cacheWrite),
              output: count(usage.output_tokens),
              reasoning: count(usage.output_tokens_details?.thinking_tokens),
            },
          };
          if (typeof line.costUSD === "number" && line.costUSD >= 0) record.costUsd = line.costUSD;
          if (line.isSidechain === true) record.secondary = true;
          if (typeof line.cwd === "string" && line.cwd) {
            cwd = line.cwd;
            flush(cwd);
          }
          if (cwd === undefined) {
            waiting.push(record);
            return;
          }
          record.projectKey = cwd;
          sink.emit(record);
        },
        save() {
          if (waiting.length > 0) flush(decodeClaudeFolder(folder));
          return cwd === undefined ? null : { cwd };
        },
      };
    },
  },
};
