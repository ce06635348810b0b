/**
 * Droid (Factory): each session keeps `<id>.settings.json` beside its
 * transcript under `~/.factory/sessions/` (one folder per working
 * directory, `$FACTORY_HOME_OVERRIDE/.factory` when that is set), or under
 * each entry of `$DROID_SESSIONS_DIR` (a comma list, as ccusage reads it).
 *
 * Droid logs no per-request usage: `tokenUsage` is the session's running
 * total (`inputTokens` without the cache, `cacheCreationTokens`,
 * `cacheReadTokens`, `outputTokens`, and `thinkingTokens`, which are billed as
 * output but not inside it), with `model`, `providerLock` and
 * `providerLockTimestamp` (the session's start). So one record per session,
 * keyed by its id: a copy of the same session elsewhere (an archive) merges
 * and the largest total, the latest snapshot, counts. Display-style model
 * names (`custom:Claude-Opus-4.5-[Anthropic]`) are reduced to ids. Source:
 * ccusage `adapter/droid/{paths,loader,parser}.rs`, notes/usage-formats.md §4;
 * measured on Droid 0.225.2 against a scripted model (recipes/real-hosts.md):
 * `inputTokens` excludes the cached part and the totals sum the session.
 *
 * @module
 */

import type { UsageReader } from "../../usage/reader.ts";
import { count, parseTs } from "../../usage/tokens.ts";
import { homeContext, type HomeEnv } from "../paths.ts";
import { droidSessionDirs } from "./home.ts";

/** Droid's session folders for `host` (adapters/droid/home.ts). */
export function droidRoots(host: HomeEnv): string[] {
  return droidSessionDirs.all(homeContext(host));
}

/** Reduces a Droid model name to a model id: no `custom:` prefix or `[…]` labels, lowercase. */
export function droidModelId(name: string): string | undefined {
  let id = name.trim().replace(/^custom:/i, "").replace(/\[[^\]]*\]/g, "");
  id = id.trim().toLowerCase().replace(/\s+/g, "-").replace(/-{2,}/g, "-").replace(/^-|-$/g, "");
  // Claude ids are dashed (`claude-opus-4-5`); other families keep their dots (`gpt-5.1`).
  if (id.startsWith("claude")) id = id.replace(/(\d)\.(\d)/g, "$1-$2");
  return id || undefined;
}

/** The Droid reader. */
export const reader: UsageReader = {
  id: "droid",
  version: 1,
  confidence: "host-reported",
  sources(machine, list) {
    return list.files(droidRoots(machine), { ext: [".settings.json"] });
  },
  json: {
    markers: ['"tokenUsage"'],
    decode(value, sink) {
      const doc = value as Record<string, unknown> | null;
      const u = doc?.tokenUsage as Record<string, unknown> | undefined;
      if (!doc || typeof doc !== "object" || !u || typeof u !== "object") return;
      const parts = (sink.source.meta?.rel ?? "").split(/[\\/]/);
      const session = (parts[parts.length - 1] ?? "").replace(/\.settings\.json$/, "");
      const thinking = count(u.thinkingTokens);
      const tokens = {
        input: count(u.inputTokens),
        cacheRead: count(u.cacheReadTokens),
        cacheWrite: count(u.cacheCreationTokens),
        cacheWrite1h: 0,
        output: count(u.outputTokens) + thinking,
        reasoning: thinking,
      };
      if (tokens.input + tokens.cacheRead + tokens.cacheWrite + tokens.output === 0) {
        tokens.output = count(u.totalTokens);
      }
      sink.emit({
        key: session,
        ts: parseTs(doc.providerLockTimestamp),
        sessionId: session,
        projectKey: parts.length > 1 ? parts[0] : "",
        modelId: typeof doc.model === "string" ? droidModelId(doc.model) : undefined,
        providerId: typeof doc.providerLock === "string" && doc.providerLock
          ? doc.providerLock
          : undefined,
        tokens,
      });
    },
  },
};
