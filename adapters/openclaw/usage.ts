/**
 * OpenClaw (and its earlier names Clawdbot, Moltbot, Moldbot; NemoClaw
 * writes through it): session transcripts in pi's format, since OpenClaw runs
 * pi's agent core, at `<state>/agents/<agent>/sessions/<session>.jsonl`.
 * Sessions that were reset or deleted are kept beside as
 * `<session>.jsonl.reset.<time>` and `<session>.jsonl.deleted.<time>`, and
 * still count. `<state>` is each entry of `$OPENCLAW_DIR` (a comma list, as
 * ccusage reads it), else `$OPENCLAW_STATE_DIR` (home.ts), else `~/.openclaw`,
 * `~/.clawdbot`, `~/.moltbot` and `~/.moldbot`. Lines are decoded as pi's
 * (`usage/readers/pi.ts`): assistant `message.usage` with `input` (no cache), `output`,
 * `cacheRead`, `cacheWrite` and the host's `cost.total`; a request is the
 * entry id with its time. Source: ccusage `adapter/openclaw/{paths,parser}.rs`,
 * notes/usage-formats.md §4.
 *
 * @module
 */

import { join } from "node:path";
import type { UsageReader, UsageSource } from "../../usage/reader.ts";
import { envList } from "../../usage/_walk.ts";
import { type HostHome, namesIn } from "../../usage/readers/_homes.ts";
import { reader as pi } from "../../usage/readers/pi.ts";
import { homeContext } from "../paths.ts";
import { openclawState } from "./home.ts";

/** OpenClaw's state folders for `host`. */
export function openclawRoots(host: HostHome): string[] {
  const custom = envList(host.env.OPENCLAW_DIR);
  if (custom.length > 0) return custom;
  if (host.env.OPENCLAW_STATE_DIR) return [openclawState(homeContext(host))];
  return [".openclaw", ".clawdbot", ".moltbot", ".moldbot"].map((d) => join(host.home, d));
}

const SESSION_FILE = /\.jsonl(?:\.(?:deleted|reset)\..+)?$/;

/** The OpenClaw reader. */
export const reader: UsageReader = {
  ...pi,
  id: "openclaw",
  version: 1,
  sources(machine, list) {
    // A fixed layout, and archived names end in a time rather than `.jsonl`: listed by hand.
    const out: UsageSource[] = [];
    for (const root of openclawRoots(machine)) {
      const agents = join(root, "agents");
      for (const agent of namesIn(agents, list)) {
        const sessions = join(agents, agent, "sessions");
        for (const file of namesIn(sessions, list)) {
          if (!SESSION_FILE.test(file)) continue;
          out.push({
            path: join(sessions, file),
            format: "jsonl",
            meta: { root: agents, rel: join(agent, file.replace(SESSION_FILE, ".jsonl")) },
          });
        }
      }
    }
    return Promise.resolve(out);
  },
};
