/**
 * pi (@mariozechner/pi-coding-agent): `~/.pi/agent/sessions/--<encoded cwd>--/<time>_<id>.jsonl`
 * (`PI_CODING_AGENT_DIR` moves `~/.pi/agent`; `PI_AGENT_DIR`, a comma list,
 * names sessions folders directly). Lines: `session` (id, cwd, and
 * `parentSession` for a fork), `model_change`, and `message` entries whose
 * assistant `message.usage` has `input` (without cache), `output` (reasoning
 * inside), `cacheRead`, `cacheWrite` (the 1-hour part `cacheWrite1h` inside)
 * and the host's own `cost.total` in USD.
 *
 * A fork starts with copies of its parent's entries (same entry ids and
 * times): a request is (entry id, time, response id), so a copy is the same
 * request, and copies older than the fork lose ties to the original
 * (notes/usage-formats.md §4).
 *
 * @module
 */

import { join } from "node:path";
import type { HostId } from "../../core/platform_types.ts";
import type { UsageReader } from "../../usage/reader.ts";
import { envList } from "../../usage/_walk.ts";
import { count, parseTs } from "../../usage/tokens.ts";
import { decodePiFolder } from "../../usage/_project.ts";
import { homeContext } from "../paths.ts";
import { piAgentDir } from "./home.ts";

/** A host's machine as a usage reader sees it. */
type Machine = { home: string; env: Record<string, string | undefined> };

/** pi's sessions folders for `host`. */
export function piRoots(host: Machine): string[] {
  const custom = envList(host.env.PI_AGENT_DIR);
  if (custom.length > 0) return custom;
  return [join(piAgentDir(homeContext(host)), "sessions")];
}

interface State {
  session?: string;
  cwd?: string;
  forkAt?: number;
  provider?: string;
  model?: string;
}

/**
 * The reader of a host that writes pi's session files (pi, and oh-my-pi,
 * its fork): `roots` names the host's sessions folders.
 */
export function piFamilyReader(id: HostId, roots: (machine: Machine) => string[]): UsageReader {
  return {
    id,
    // 2: a session without a logged cwd is under its decoded folder, not the folder name.
    version: 2,
    confidence: "host-reported",
    sources(machine, list) {
      return list.files(roots(machine), { ext: [".jsonl"] });
    },
    jsonl: {
      markers: ['"usage"', '"type":"session"', '"model_change"'],
      pick: {
        type: true,
        id: true,
        timestamp: true,
        cwd: true,
        parentSession: true,
        provider: true,
        modelId: true,
        message: {
          role: true,
          model: true,
          provider: true,
          responseId: true,
          usage: true,
          timestamp: true,
        },
      },
      open(sink, saved) {
        const st: State = { ...(saved as State | undefined) };
        const rel = (sink.source.meta?.rel ?? "").split(/[\\/]/);
        const folder = rel.length > 1 ? rel[0] : "";
        const stem = (rel[rel.length - 1] ?? "").replace(/\.jsonl$/, "");
        return {
          line(value) {
            const v = value as Record<string, unknown> & { message?: Record<string, unknown> };
            if (!v || typeof v !== "object") return;
            if (v.type === "session") {
              if (typeof v.id === "string") st.session = v.id;
              if (typeof v.cwd === "string") st.cwd = v.cwd;
              if (typeof v.parentSession === "string") st.forkAt = parseTs(v.timestamp);
              return;
            }
            if (v.type === "model_change") {
              if (typeof v.provider === "string") st.provider = v.provider;
              if (typeof v.modelId === "string") st.model = v.modelId;
              return;
            }
            const m = v.message;
            if (v.type !== "message" || !m || m.role !== "assistant") return;
            const u = m.usage as
              | Record<string, unknown> & { cost?: { total?: unknown } }
              | undefined;
            if (!u || typeof u !== "object") return;
            const ts = parseTs(v.timestamp ?? m.timestamp);
            const cacheWrite = count(u.cacheWrite);
            const output = count(u.output);
            const cost = u.cost && typeof u.cost === "object" ? u.cost.total : undefined;
            sink.emit({
              key: `${String(v.id)}@${String(v.timestamp)}@${String(m.responseId ?? "")}`,
              ts,
              sessionId: st.session ?? stem,
              projectKey: st.cwd ?? decodePiFolder(folder),
              modelId: typeof m.model === "string" ? m.model : st.model,
              providerId: typeof m.provider === "string" ? m.provider : st.provider,
              tokens: {
                input: count(u.input),
                cacheRead: count(u.cacheRead),
                cacheWrite,
                cacheWrite1h: Math.min(count(u.cacheWrite1h), cacheWrite),
                output,
                reasoning: Math.min(count(u.reasoning), output),
              },
              costUsd: typeof cost === "number" && cost >= 0 ? cost : undefined,
              secondary: st.forkAt !== undefined && ts < st.forkAt,
            });
          },
          save: () => st,
        };
      },
    },
  };
}

/** The pi reader. */
export const reader: UsageReader = piFamilyReader("pi", piRoots);
