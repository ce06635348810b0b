/**
 * GitHub Copilot CLI: one event log per session,
 * `session-state/<session>/events.jsonl` (older builds: `session-state/<session>.jsonl`)
 * in `$COPILOT_HOME`, else `~/.copilot` (adapters/copilot_cli/home.ts).
 *
 * Copilot logs usage when a CLI process ends: a `session.shutdown` event
 * whose `data.modelMetrics` maps each model to `usage.{inputTokens,
 * outputTokens, cacheReadTokens, cacheWriteTokens, reasoningTokens}`.
 * `inputTokens` includes both cache counts. Reasoning is inside
 * `outputTokens` except for Gemini models, which report it beside. Each
 * shutdown covers one process, not the session so far: a resumed session
 * appends another, and both count. A request here is (session, event id,
 * model). `session.start` gives the session id and `context.cwd`. Usage is
 * not written by a process that did not shut down cleanly. Source: ccusage
 * `adapter/copilot/README.md` ("session-state schema"); the OpenTelemetry
 * file export (notes/usage-formats.md §4) is opt-in and is not read.
 *
 * Copilot CLI 1.0.102 (measured in the real-host lab, tests/lab) also writes
 * one `session.usage_record` per model call, `data.usage.{model,
 * inputTokens, outputTokens, cacheReadTokens, cacheWriteTokens}` with the
 * same meaning, before the process's shutdown totals. Where a process wrote
 * such records they are its requests (one per call, and kept when the
 * process dies before its shutdown) and its shutdown totals are skipped, so
 * nothing counts twice; a process without them counts its shutdown.
 *
 * @module
 */

import type { UsageReader } from "../../usage/reader.ts";
import { count, parseTs } from "../../usage/tokens.ts";
import { homeContext } from "../paths.ts";
import { copilotHome } from "./home.ts";

interface Line {
  type?: unknown;
  id?: unknown;
  timestamp?: unknown;
  data?: {
    sessionId?: unknown;
    context?: { cwd?: unknown };
    modelMetrics?: Record<string, { usage?: Record<string, unknown> }>;
    usage?: Record<string, unknown> & { accounting?: { usageId?: unknown } };
  };
}

/** The Copilot CLI reader. */
export const reader: UsageReader = {
  id: "copilot-cli",
  // 2: its logged folder is a project in the one spelling of `_project.ts`.
  // 3: per-call `session.usage_record` events replace the shutdown totals.
  version: 3,
  confidence: "host-reported",
  sources(machine, list) {
    return list.files([copilotHome.join("session-state")(homeContext(machine))], {
      ext: [".jsonl"],
      filter: (rel) => {
        const parts = rel.split(/[\\/]/);
        return parts.length === 1 || (parts.length === 2 && parts[1] === "events.jsonl");
      },
    });
  },
  jsonl: {
    markers: ['"session.start"', '"session.shutdown"', '"session.usage_record"'],
    pick: {
      type: true,
      id: true,
      timestamp: true,
      data: { sessionId: true, context: { cwd: true }, modelMetrics: true, usage: true },
    },
    open(sink, saved) {
      const parts = (sink.source.meta?.rel ?? "").split(/[\\/]/);
      const folder = parts.length > 1 ? parts[0] : (parts[0] ?? "").replace(/\.jsonl$/, "");
      // `perCall`: this process has written usage records since the last shutdown.
      const st: { session?: string; cwd?: string; perCall?: boolean } = {
        ...(saved as object | undefined),
      };
      const emit = (key: string, ts: unknown, model: string, u: Record<string, unknown>) => {
        const cacheRead = count(u.cacheReadTokens);
        const cacheWrite = count(u.cacheWriteTokens);
        const output = count(u.outputTokens);
        const thoughts = count(u.reasoningTokens);
        const apart = /gemini/i.test(model); // Gemini's thoughts are beside its output
        sink.emit({
          key,
          ts: parseTs(ts),
          sessionId: st.session ?? folder,
          projectKey: st.cwd ?? "",
          modelId: model,
          tokens: {
            input: Math.max(0, count(u.inputTokens) - cacheRead - cacheWrite),
            cacheRead,
            cacheWrite,
            cacheWrite1h: 0,
            output: apart ? output + thoughts : output,
            reasoning: apart ? thoughts : Math.min(thoughts, output),
          },
        });
      };
      return {
        line(value, at) {
          const line = value as Line | null;
          const data = line?.data;
          if (!line || !data || typeof data !== "object") return;
          if (line.type === "session.start") {
            if (typeof data.sessionId === "string" && data.sessionId) st.session = data.sessionId;
            if (typeof data.context?.cwd === "string") st.cwd = data.context.cwd;
            return;
          }
          const event = typeof line.id === "string" && line.id ? line.id : `@${at}`;
          const session = st.session ?? folder;
          if (line.type === "session.usage_record") {
            const u = data.usage;
            if (!u || typeof u !== "object" || typeof u.model !== "string") return;
            const id = typeof u.accounting?.usageId === "string" ? u.accounting.usageId : event;
            st.perCall = true;
            emit(`${session}:call:${id}`, line.timestamp, u.model, u);
            return;
          }
          const metrics = data.modelMetrics;
          if (line.type !== "session.shutdown" || !metrics || typeof metrics !== "object") return;
          const covered = st.perCall === true;
          st.perCall = false;
          if (covered) return;
          for (const [model, metric] of Object.entries(metrics)) {
            const u = metric?.usage;
            if (!u || typeof u !== "object") continue;
            emit(`${session}:${event}:${model}`, line.timestamp, model, u);
          }
        },
        save: () => st,
      };
    },
  },
};
