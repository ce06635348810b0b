/**
 * `agent-plugin`: the Agent Plugins 1.0.0 package (https://agent-plugins.org;
 * spec text and schemas: github.com/agentplugins/agent-plugins-spec
 * `spec/1.0.0.md`, `schemas/1.0.0/*.schema.json`), read by GitHub Copilot
 * (CLI, VS Code, app), Codex, Cursor, Kiro and others.
 *
 * - `plugin.json` (§5): closed schema — `$schema` (the canonical 1.0.0 id),
 *   `name` (the connector id), `version`, `description`, `author`,
 *   `homepage`, `repository`, `license`, `keywords`, and `extensions` only
 *   when a client namespace has manifest data.
 * - `mcp.json` (§7.2): `{$schema, mcpServers}`; a stdio server is
 *   `{type:"stdio", command, args, env, cwd}` — `command` one executable
 *   token (`node`), `${PLUGIN_ROOT}` expanded in `args`/`env`/`cwd` only, no
 *   other expansion anywhere; remote servers are
 *   `{type:"streamable-http"|"sse", url, headers}` with no expansion, so an
 *   `${env:…}` reference in a url or header cannot be carried (warned).
 * - `skills/<name>/SKILL.md` (§7.1), the Agent Skills standard fields only.
 * - Subagents as GitHub Copilot custom agents in the client extension
 *   directory `com.github.copilot/agents/<name>.agent.md` (§8.2; VS Code
 *   "Agent plugin authoring reference": Copilot-specific components are read
 *   from the `com.github.copilot` namespace; the `.agent.md` format is
 *   adapters/render/content_files.ts `agentFileRenderer`).
 * - `bin/agent-connector.mjs`, the launcher (package/launcher.ts).
 *
 * - Hooks for GitHub Copilot CLI: `com.github.copilot/hooks/hooks.json`, in
 *   Copilot's hook-file shape (`{"version":1,"hooks":{…}}`, adapters/copilot_cli).
 *   Copilot CLI reads a plugin's hooks from `hooks.json` at its root (github/docs
 *   `copilot-cli-reference/cli-plugin-reference.md`, "File locations"), except
 *   for a package declaring the Agent Plugins `$schema`: then only from
 *   that namespaced path (Copilot CLI 1.0.102 logs so and ignores a root file). Copilot CLI runs a plugin's hook with the plugin
 *   folder as its working directory and `PLUGIN_ROOT` in its environment
 *   (measured with 1.0.102), so `${PLUGIN_ROOT}` in the command is the shell's.
 *   Each runs the bundled launcher with the bundled connector module.
 *
 * Not carried yet, each warned: commands (no documented file format under
 * `com.github.copilot/commands/` or a Copilot CLI default folder), memory,
 * status line, actions, configPatch. Codex discards the hooks of an Agent
 * Plugins manifest (openai/codex `codex-rs/core-plugins/src/loader.rs`, the
 * `PluginManifestFormat::AgentPlugin` arm: no hook sources), and VS Code
 * defines no plugin root for Copilot-format plugins
 * (microsoft/vscode-docs#9634): the hooks run in Copilot CLI only (warned).
 *
 * @module
 */

import { standardSkill } from "../adapters/render/skill.ts";
import { agentFileRenderer } from "../adapters/render/content_files.ts";
import { commonDrops } from "../adapters/render/server_entry.ts";
import type { RenderedEntry, ServerRenderInput } from "../adapters/descriptor.ts";
import type { EmitInput, EmittedPackage, PackageFile } from "./types.ts";
import { packagedServer, secretsInstallLine } from "./server.ts";
import { LAUNCHER_PATH, launcherText } from "./launcher.ts";
import { surfaceWarnings } from "./_surfaces.ts";
import { jsonText } from "./_json.ts";
import { manifestFields } from "./meta.ts";
import { platformOverride } from "../core/overrides.ts";
import { adapter as copilot } from "../adapters/copilot_cli/mod.ts";
import { hasHooksFor, packagedHookCommand, packagedHooks } from "./hooks.ts";

/** The format name. */
export const AGENT_PLUGIN = "agent-plugin";

/** The canonical `$schema` of an Agent Plugins 1.0.0 `plugin.json` (spec §5.2). */
export const PLUGIN_SCHEMA_ID = "https://agent-plugins.org/schemas/1.0.0/plugin.schema.json";

/** The canonical `$schema` of an Agent Plugins 1.0.0 `mcp.json` (spec §7.2.1). */
export const MCP_SCHEMA_ID = "https://agent-plugins.org/schemas/1.0.0/mcp.schema.json";

/** The plugin-root placeholder clients expand in stdio `args`, `env` and `cwd` (spec §9.2). */
export const PLUGIN_ROOT = "${PLUGIN_ROOT}";

/** A `cwd` the spec accepts: `./…`, `${PLUGIN_ROOT}[/…]` or `${PLUGIN_DATA}[/…]` (§7.2.1). */
const CWD_FORM = /^(?:\.\/|\$\{PLUGIN_ROOT\}(?:\/|$)|\$\{PLUGIN_DATA\}(?:\/|$))/;

const NAME = /^(?!.*(?:--|\.\.))[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?$/;

/** The `mcp.json` server entry (§7.2.1 closed variants). */
function serverEntry(input: ServerRenderInput): RenderedEntry {
  const { server } = input;
  const cwdOk = server.cwd !== undefined && CWD_FORM.test(server.cwd);
  const dropped = commonDrops(server, "Agent Plugins", { cwd: cwdOk });
  if (server.cwd !== undefined && !cwdOk) {
    dropped.splice(0, 1, {
      field: "server.cwd",
      reason: "an Agent Plugins cwd must start with ./, ${PLUGIN_ROOT} or ${PLUGIN_DATA}",
    });
  }
  const entry: Record<string, unknown> = {};
  if (input.launch) {
    entry.type = "stdio";
    entry.command = input.launch.command;
    entry.args = input.launch.args;
    if (Object.keys(input.launch.env).length) entry.env = input.launch.env;
    if (cwdOk) entry.cwd = server.cwd;
  } else if (input.remote) {
    entry.type = input.remote.transport === "http" ? "streamable-http" : input.remote.transport;
    entry.url = input.remote.url;
    if (Object.keys(input.remote.headers).length) entry.headers = input.remote.headers;
  }
  const skip = server.enabled === false
    ? "Agent Plugins has no disabled flag for MCP servers; the disabled server is not packaged"
    : undefined;
  return { entry, dropped, skip };
}

/** The Copilot CLI hook file and the bundled connector, or why hooks are not carried. */
function copilotHooks({ connector, bundle }: EmitInput): {
  files: PackageFile[];
  warnings: string[];
  carried: boolean;
  why?: string;
} {
  const none = { files: [], warnings: [], carried: false };
  if (!hasHooksFor(connector, copilot.id)) return none;
  if (!bundle || !("files" in bundle)) {
    return {
      ...none,
      why: `the connector module cannot be bundled: ${
        bundle?.reason ?? "it was not given to the packager"
      }`,
    };
  }
  const packaged = packagedHooks(
    connector,
    copilot,
    AGENT_PLUGIN,
    (event) => packagedHookCommand(PLUGIN_ROOT, copilot.id, event, connector.id, bundle.entry),
  );
  const warnings = [
    ...packaged.warnings,
    `${AGENT_PLUGIN}: hooks run in GitHub Copilot CLI only (com.github.copilot/hooks/hooks.json); Codex ignores an Agent Plugins package's hooks and VS Code is not verified — use --format claude-plugin, or install the connector, for hooks elsewhere`,
  ];
  if (Object.keys(packaged.hooks).length === 0) return { files: [], warnings, carried: true };
  // PowerShell reads an environment variable as $env:NAME, not ${NAME}.
  for (const items of Object.values(packaged.hooks)) {
    for (const item of items) {
      if (typeof item.powershell === "string") {
        item.powershell = item.powershell.replaceAll(PLUGIN_ROOT, "$env:PLUGIN_ROOT");
      }
    }
  }
  return {
    files: [
      {
        path: "com.github.copilot/hooks/hooks.json",
        text: jsonText({ version: 1, hooks: packaged.hooks }),
      },
      ...bundle.files,
    ],
    warnings,
    carried: true,
  };
}

/** Emits the Agent Plugins package of a connector. */
export function emitAgentPlugin({ connector, meta, bundle }: EmitInput): EmittedPackage {
  const format = AGENT_PLUGIN;
  const warnings: string[] = [];
  if (!NAME.test(connector.id) || connector.id.length > 64) {
    throw new Error(
      `${format}: the connector id "${connector.id}" is not a valid Agent Plugins name (1-64 of a-z, 0-9, "-", "."; no "--" or "..")`,
    );
  }
  const files: PackageFile[] = [];
  const manifest = manifestFields(meta, {
    $schema: PLUGIN_SCHEMA_ID,
    name: connector.id,
    version: connector.version,
  });
  files.push({ path: "plugin.json", text: jsonText(manifest) });

  let launcher = false;
  const server = connector.server;
  if (server?.transport === "ws") {
    warnings.push(
      `${format}: the ws server is not packaged: Agent Plugins has stdio, streamable-http and sse only`,
    );
  } else if (server) {
    const packaged = packagedServer({
      server,
      connectorId: connector.id,
      displayName: connector.displayName,
      platform: "unknown",
      rootPlaceholder: PLUGIN_ROOT,
      render: serverEntry,
      format,
    });
    warnings.push(...packaged.warnings);
    if (packaged.entry) {
      launcher = packaged.launcher === true;
      files.push({
        path: "mcp.json",
        text: jsonText({ $schema: MCP_SCHEMA_ID, mcpServers: { [connector.id]: packaged.entry } }),
      });
    }
  }

  const skill = standardSkill("Agent Plugins");
  for (const def of connector.skills) {
    const out = skill(def);
    for (const f of out.files) files.push({ path: `skills/${f.path}`, text: f.text });
    warnings.push(
      ...out.dropped.map((d) =>
        `${format}: ${d.field} of skill "${def.name}" is not packaged: ${d.reason}`
      ),
    );
  }

  const agent = agentFileRenderer("GitHub Copilot");
  for (const def of connector.subagents) {
    const out = agent(def);
    for (const f of out.files) {
      files.push({ path: `com.github.copilot/agents/${f.path}`, text: f.text });
    }
    warnings.push(
      ...out.dropped.map((d) =>
        `${format}: ${d.field} of subagent "${def.name}" is not packaged: ${d.reason}`
      ),
    );
  }

  for (const host of ["codex", "copilot-cli"] as const) {
    const keys = Object.keys(platformOverride(connector, host).extra ?? {});
    if (keys.length && connector.server) {
      warnings.push(
        `${format}: platforms.${host}.extra (${
          keys.join(", ")
        }) is not packaged: an Agent Plugins mcp.json entry has a closed set of fields`,
      );
    }
  }
  const hooks = copilotHooks({ connector, meta, bundle });
  files.push(...hooks.files);
  warnings.push(...hooks.warnings);
  if (hooks.files.length) launcher = true;
  warnings.push(...surfaceWarnings(connector, format, {
    commands: "Agent Plugins clients document no command file format yet",
    ...(hooks.carried ? {} : {
      hooks: hooks.why ??
        "Codex runs no hooks from an Agent Plugins package; use --format claude-plugin, or install the connector, for hooks",
    }),
    memory: "plugins have no memory surface; install the connector for memory blocks",
    statusline: "plugins have no status line",
    actions: "plugins have no actions",
    configPatch: "plugins do not change host settings",
    ...(hooks.carried ? {} : { nativeHooks: "no packaged hook runs (see hooks)" }),
  }));
  if (launcher) files.push({ path: LAUNCHER_PATH, text: launcherText(), executable: true });
  return {
    format,
    files: files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)),
    warnings,
    install: [
      "GitHub Copilot CLI: copilot plugin install <dir>",
      // cursor.com/docs/plugins/building: Cursor loads an Agent Plugins package unchanged;
      // cursor/plugins create-plugin: local plugins live in ~/.cursor/plugins/local/<name>/.
      `Cursor: copy <dir> to ~/.cursor/plugins/local/${connector.id}/`,
      ...(launcher ? secretsInstallLine(connector.server, connector.id) : []),
    ],
  };
}
