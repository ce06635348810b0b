/**
 * Open Interpreter. Two programs carry the name (SOURCES.md):
 *
 * - The current CLI is a fork of Codex that points `CODEX_HOME` at its own
 *   home (home.ts), so it reads Codex's files there: `config.toml`
 *   `[mcp_servers.*]`, `hooks.json` (Claude's nested groups, Codex's
 *   events), `prompts/`, `agents/`, `AGENTS.md`; skills in `.agents/skills`.
 *   This adapter is the Codex preset on that home.
 * - The Python package `open-interpreter` (0.x, openinterpreter/
 *   open-interpreter) reads neither MCP servers nor hooks: its settings are
 *   YAML profiles. Nothing we write reaches it, so it is not detected and
 *   doctor says so.
 *
 * Project scope: the fork's project config folder is not in any source we
 * read (Codex's is `.codex/`, which Codex itself reads too), so MCP servers,
 * hooks and subagents are user scope only; a project install reports them.
 *
 * @module
 */

import { defineHost, type HostAdapter } from "../descriptor.ts";
import { fork } from "../family.ts";
import { codexFamily } from "../codex/family.ts";
import { codexHookChecks } from "../codex/doctor.ts";
import { interpreterHome } from "./home.ts";

const preset = codexFamily({
  id: "open-interpreter",
  name: "Open Interpreter",
  home: interpreterHome,
  folder: ".codex",
});

/** The Open Interpreter adapter (its Codex-based CLI). */
export const adapter: HostAdapter = defineHost(fork(preset, {
  factsFrom: "docs",
  detect: {
    user: [
      interpreterHome.join("config.toml"),
      interpreterHome.join("auth.json"),
      interpreterHome.join("sessions"),
    ],
    project: [],
  },
  server: { paths: { user: interpreterHome.join("config.toml") } },
  hooks: { paths: { user: interpreterHome.join("hooks.json") } },
  subagents: { paths: { user: interpreterHome.join("agents") } },
  doctorChecks: codexHookChecks({ user: interpreterHome.join("config.toml") }),
  doctorNotes: [
    {
      text:
        "Only Open Interpreter's Codex-based CLI (~/.openinterpreter) reads what agent-connector writes; the Python open-interpreter package takes no MCP servers or hooks",
    },
    {
      text:
        "Open Interpreter runs a new or changed hook only after you trust it: approve the agent-connector hooks in /hooks after each install that changes them",
      about: "hooks",
    },
  ],
}));
