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
  };
}

/** The Copilot CLI reader. */
export const reader: UsageReader = {
  id: "copilot-cli",
  // 2: its logged folder is a project in the one spelling of `_project.ts`.
  version: 2,
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
    markers: ['"session.start"', '"session.shutdown"'],
    pick: {
      type: true,
      id: true,
      timestamp: true,
      data: { sessionId: true, context: { cwd: true }, modelMetrics: true },
    },
    open(sink, saved) {
      const parts = (sink.source.meta?.rel ?? "").split(/[\\/]/);
      const folder = parts.length > 1 ? parts[0] : (parts[0] ?? "").replace(/\.jsonl$/, "");
      const st: { session?: string; cwd?: string } = { ...(saved as object | undefined) };
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
          const metrics = data.modelMetrics;
          if (line.type !== "session.shutdown" || !metrics || typeof metrics !== "object") return;
          const session = st.session ?? folder;
          const event = typeof line.id === "string" && line.id ? line.id : `@${at}`;
          for (const [model, metric] of Object.entries(metrics)) {
            const u = metric?.usage;
            if (!u || typeof u !== "object") continue;
            const cacheRead = count(u.cacheReadTokens);
            const cacheWrite = count(u.cacheWriteTokens);
            const output = count(u.outputTokens);
            const thoughts = count(u.reasoningTokens);
            const apart = /gemini/i.test(model); // Gemini's thoughts are beside its output
            sink.emit({
              key: `${session}:${event}:${model}`,
              ts: parseTs(line.timestamp),
              sessionId: session,
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
          }
        },
        save: () => st,
      };
    },
  },
};
