/**
 * The Codex family preset (adapters/family.ts): Codex and the agents built on
 * its code that move its home (Open Interpreter sets `CODEX_HOME` to its own
 * folder). Every fact is Codex's and sourced in `mod.ts` and SOURCES.md; a
 * member names its home and project folder.
 *
 * @module
 */

import type { HostId } from "../../core/platform_types.ts";
import type { HostDescriptor } from "../descriptor.ts";
import { home, type PathFn, project } from "../paths.ts";
import { standardSkill } from "../render/skill.ts";
import { codexAgent, codexPrompt } from "./content.ts";
import { codexHookChecks } from "./doctor.ts";
import { placeCodexMemory } from "./memory.ts";
import { codexServerEntry } from "./server.ts";

/** What tells one member of the Codex family from another. */
export interface CodexMember {
  /** Host id. */
  id: HostId;
  /** Human name. */
  name: string;
  /** The home folder (`$CODEX_HOME` or `~/.codex`). */
  home: PathFn;
  /** The project's config folder (`.codex`). */
  folder: string;
}

/** The Codex family's descriptor for member `m`. */
export function codexFamily(m: CodexMember): HostDescriptor {
  return {
    id: m.id,
    name: m.name,
    paradigm: "json-stdio",
    factsFrom: "source",
    detect: {
      // The files Codex itself creates; an empty ~/.codex folder is not an install.
      user: [
        m.home.join("config.toml"),
        m.home.join("auth.json"),
        m.home.join("sessions"),
      ],
      project: [project(m.folder)],
    },
    server: {
      paths: { user: m.home.join("config.toml"), project: project(m.folder, "config.toml") },
      format: "toml",
      collection: { at: ["mcp_servers"] },
      transports: ["stdio", "http"],
      envByName: true,
      render: codexServerEntry,
    },
    hooks: {
      paths: { user: m.home.join("hooks.json"), project: project(m.folder, "hooks.json") },
      format: "json",
      at: ["hooks"],
      layout: "nested-groups",
      events: {
        SessionStart: { name: "SessionStart" },
        SessionEnd: { name: "SessionEnd" },
        UserPromptSubmit: { name: "UserPromptSubmit" },
        PreToolUse: { name: "PreToolUse", matcher: true },
        PostToolUse: { name: "PostToolUse", matcher: true },
        PreCompact: { name: "PreCompact" },
        Stop: { name: "Stop" },
        PermissionRequest: { name: "PermissionRequest", matcher: true },
        SubagentStart: { name: "SubagentStart" },
        SubagentStop: { name: "SubagentStop" },
        PostCompact: { name: "PostCompact" },
      },
      handler: (command) => ({ type: "command", command }),
      matchers: "regex",
      powers: { modifyArgs: true, modifyOutput: false, sessionContext: true },
    },
    commands: { paths: { user: m.home.join("prompts") }, render: codexPrompt },
    skills: {
      paths: { user: home(".agents", "skills"), project: project(".agents", "skills") },
      render: standardSkill(m.name),
    },
    subagents: {
      paths: { user: m.home.join("agents"), project: project(m.folder, "agents") },
      render: codexAgent,
    },
    memory: {
      paths: { user: m.home.join("AGENTS.md"), project: project("AGENTS.md") },
      place: placeCodexMemory,
      // Spec §2.4: a ~28 KiB per-file budget under project_doc_max_bytes (32 KiB).
      budget: {
        bytes: 28 * 1024,
        why: "Codex stops reading project docs at 32 KiB (project_doc_max_bytes)",
      },
    },
    doctorNotes: [
      {
        text:
          "Codex runs a new or changed hook only after you trust it: open Codex and approve the agent-connector hooks in /hooks after each install or upgrade that changes them",
        about: "hooks",
      },
      {
        text: "Codex loads a project's .codex/ hooks and MCP servers only in a project you trust",
        about: ["hooks", "server"],
        scope: "project",
      },
    ],
    doctorChecks: codexHookChecks({
      user: m.home.join("config.toml"),
      project: project(m.folder, "config.toml"),
    }),
  };
}
