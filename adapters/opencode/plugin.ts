/**
 * The generated opencode plugin (ts-plugin paradigm, spec §2.3; HOSTS.md
 * §8c): one small ES module per connector in opencode's plugin folder,
 * exporting exactly one plugin function (opencode calls every export of a
 * plugin file, so a second export would run twice or fail to load).
 *
 * Each event goes to the connector's handler through the client every
 * plugin host shares (adapters/render/hook_serve_client.ts): one line to a
 * long-lived `agent-connector hook-serve` the plugin starts on its first
 * event, the handler isolated in our process and fail-open. The module
 * imports only `node:child_process` and points at the home binary, so an
 * upgrade needs no rewrite.
 *
 * opencode waits only where it must: before a tool runs (`throw` blocks,
 * mutating `output.args` rewrites), after a tool (rewrites `output.output`,
 * or an MCP tool's `content` parts, and appends context) and before a prompt goes out. A prompt is blocked by
 * replacing its parts with a notice and then throwing: a throw alone does
 * not stop the message on every build (anomalyco/opencode#30434), and
 * opencode awaits `chat.message` before it saves the message, so this is
 * the one place a deny can still take effect. Bus events (session
 * created/idle/compacted, toasts) are fired and forgotten. Context a
 * handler returns at SessionStart or UserPromptSubmit reaches the model
 * through `experimental.chat.system.transform`, the documented way to add
 * system text. Tool matchers are checked in the plugin too (same rules as
 * core/matcher.ts), so a non-matching tool call starts no process at all.
 *
 * Every failure — a missing binary, a timeout, a non-JSON reply — is
 * fail-open: the plugin does nothing.
 *
 * @module
 */

import type { ExecLine } from "../render/command_line.ts";
import { hookClient, hookClientBanner, type HookHost } from "../render/hook_serve_client.ts";

/** One declared event the plugin handles. */
export interface PluginEvent {
  /** The normalized event (the `hook` command's argument). */
  event: string;
  /** opencode's hook or bus event name. */
  native: string;
  /** The connector's matcher, for tool events. */
  matcher?: string;
}

/**
 * The host id the plugin names on the `hook` command line: one id, or one
 * picked from an env variable when the plugin loads (adapters/render/hook_serve_client.ts).
 */
export type PluginHost = HookHost;

/** What the plugin is generated from. */
export interface PluginModuleInput {
  /** The connector id. */
  connectorId: string;
  /** The host id for `agent-connector hook <host>` (default `opencode`). */
  host?: PluginHost;
  /** How to run the home binary (program + leading arguments). */
  exec: ExecLine;
  /** The declared events opencode can fire. */
  events: PluginEvent[];
  /** How long a reply may take before the plugin gives up (fail-open). */
  timeoutMs?: number;
  /** The connector's `nativeHooks` names, wired verbatim (see {@link OPENCODE_HOOK_KEYS}). */
  natives?: readonly string[];
}

/** The plugin's file name for a connector. */
export function pluginFileName(connectorId: string): string {
  return `agent-connector-${connectorId}.js`;
}

/** The exported plugin function's name: `AgentConnector_` + the id's safe characters. */
export function pluginExportName(connectorId: string): string {
  return `AgentConnector_${connectorId.replace(/[^A-Za-z0-9_]/g, "_")}`;
}

/** Hooks opencode awaits (they receive `(input, output)`). */
const DIRECT_HOOKS = new Set([
  "tool.execute.before",
  "tool.execute.after",
  "chat.message",
  "experimental.session.compacting",
]);

/**
 * The `(input, output)` hook keys of opencode's plugin `Hooks` interface
 * (anomalyco/opencode packages/plugin/src/index.ts). A native hook with one
 * of these names is a plugin hook: opencode awaits it, and the handler's
 * reply is assigned key by key onto the mutable `output`. Any other native
 * name is a bus event type (`session.idle`, `file.edited`, …, the SDK's
 * `Event` union) matched in the `event` handler and fired and forgotten.
 */
export const OPENCODE_HOOK_KEYS: ReadonlySet<string> = new Set([
  "chat.message",
  "chat.params",
  "chat.headers",
  "permission.ask",
  "command.execute.before",
  "tool.execute.before",
  "tool.execute.after",
  "shell.env",
  "tool.definition",
  "experimental.chat.system.transform",
  "experimental.chat.messages.transform",
  "experimental.session.compacting",
  "experimental.compaction.autocontinue",
  "experimental.text.complete",
  "experimental.provider.small_model",
]);

/** A native hook on a plugin hook key: its raw `(input, output)` out, the reply's keys onto `output`. */
function nativeHookBody(name: string): string[] {
  const q = JSON.stringify(name);
  return [
    `      try {`,
    `        const reply = await hook(${q}, { ...base, event: ${q}, input, output });`,
    `        if (reply && output && typeof output === "object") Object.assign(output, reply);`,
    `      } catch {}`,
  ];
}

/** A native bus event: its properties out, fire-and-forget (the bus takes no reply). */
function nativeBusCase(name: string): string[] {
  const q = JSON.stringify(name);
  return [
    `      if (type === ${q}) void hook(${q}, { ...base, event: type, input: event.properties ?? {} });`,
  ];
}

const WIRING = String.raw`
// A throw does not stop a prompt on every opencode build (the message may
// still be sent), so the prompt's own parts are replaced first: the model
// sees only that it was blocked, never the text.
function withhold(output, reason) {
  const parts = Array.isArray(output?.parts) ? output.parts : [];
  const text = parts.filter((p) => p && p.type === "text");
  if (!text.length) return;
  for (const part of text) part.text = "";
  text[0].text = "[The user's prompt was blocked by a hook: " + reason + "]";
  for (let i = parts.length - 1; i >= 0; i--) if (parts[i]?.type === "file") parts.splice(i, 1);
}

function textParts(parts) {
  return (Array.isArray(parts) ? parts : [])
    .filter((p) => p && p.type === "text" && typeof p.text === "string")
    .map((p) => ({ type: "text", text: p.text }));
}
`;

function hookBody(e: PluginEvent): string[] {
  const payload = (input: string, output?: string) =>
    `{ ...base, event: ${JSON.stringify(e.native)}, input: ${input}${
      output ? `, output: ${output}` : ""
    } }`;
  const run = (input: string, output?: string) =>
    `hook(${JSON.stringify(e.event)}, ${payload(input, output)})`;
  const guard = e.matcher === undefined ? [] : [
    `      if (!matches(MATCHERS[${JSON.stringify(e.event)}], String(input?.tool ?? ""))) return;`,
  ];
  switch (e.native) {
    case "tool.execute.before":
      return [
        ...guard,
        `      const reply = await ${run("input", "{ args: output?.args ?? {} }")};`,
        `      if (typeof reply?.block === "string") throw new Error(reply.block);`,
        `      if (reply?.args && typeof reply.args === "object" && output) {`,
        `        if (output.args && typeof output.args === "object") {`,
        `          for (const key of Object.keys(output.args)) delete output.args[key];`,
        `          Object.assign(output.args, reply.args);`,
        `        } else output.args = reply.args;`,
        `      }`,
      ];
    case "tool.execute.after":
      // An MCP tool's `output` is the server's CallToolResult, and opencode builds what the
      // model sees from its `content` parts after this hook (opencode 1.18.33 session
      // tools, measured in the real-host lab): a rewrite or context goes there as text.
      return [
        ...guard,
        `      const parts = Array.isArray(output?.content) ? output.content : undefined;`,
        `      const text = parts`,
        `        ? parts.filter((p) => p?.type === "text").map((p) => p.text).join("\\n")`,
        `        : output?.output;`,
        `      const reply = await ${run("input", "{ title: output?.title, output: text }")};`,
        `      if (!output) return;`,
        `      if (parts) {`,
        `        const rest = parts.filter((p) => p?.type !== "text");`,
        `        if (typeof reply?.output === "string") output.content = [{ type: "text", text: reply.output }, ...rest];`,
        `        if (typeof reply?.context === "string") output.content.push({ type: "text", text: reply.context });`,
        `        return;`,
        `      }`,
        `      if (typeof reply?.output === "string") output.output = reply.output;`,
        `      if (typeof reply?.context === "string") {`,
        `        output.output = [output.output, reply.context].filter(Boolean).join("\\n\\n");`,
        `      }`,
      ];
    case "chat.message":
      return [
        `      const reply = await ${run("input", "{ parts: textParts(output?.parts) }")};`,
        `      if (typeof reply?.block === "string") {`,
        `        withhold(output, reply.block);`,
        `        throw new Error(reply.block);`,
        `      }`,
        `      turnNotes.set(input?.sessionID, typeof reply?.context === "string" ? reply.context : undefined);`,
      ];
    case "experimental.session.compacting":
      return [
        `      const reply = await ${run("input")};`,
        `      if (typeof reply?.context === "string" && Array.isArray(output?.context)) {`,
        `        output.context.push(reply.context);`,
        `      }`,
      ];
    default:
      return [];
  }
}

function busCase(e: PluginEvent): string[] {
  const call = `hook(${
    JSON.stringify(e.event)
  }, { ...base, event: type, input: event.properties ?? {} })`;
  if (e.native === "session.created") {
    return [
      `      if (type === ${JSON.stringify(e.native)}) {`,
      `        const id = event.properties?.info?.id;`,
      `        sessionNotes.set(id, ${call}.then((r) => (typeof r?.context === "string" ? r.context : undefined)));`,
      `      }`,
    ];
  }
  return [`      if (type === ${JSON.stringify(e.native)}) void ${call};`];
}

/** One hook key's function: its parts in order, each in its own scope when there are several. */
function hookFunction(key: string, parts: string[][]): string[] {
  const body = parts.length === 1 ? parts[0] : parts.flatMap((p) => [
    `      await (async () => {`,
    ...p.map((l) => `  ${l}`),
    `      })();`,
  ]);
  return [`    ${JSON.stringify(key)}: async (input, output) => {`, ...body, `    },`];
}

/** Renders the plugin module for one connector. */
export function renderOpencodePlugin(input: PluginModuleInput): string {
  const natives = input.natives ?? [];
  const bus = input.events.filter((e) => !DIRECT_HOOKS.has(e.native));
  const nativeBus = natives.filter((n) => !OPENCODE_HOOK_KEYS.has(n));
  const injects = input.events.some((e) =>
    e.native === "session.created" || e.native === "chat.message"
  );
  const direct = new Map<string, string[][]>();
  const add = (key: string, part: string[]) => direct.set(key, [...direct.get(key) ?? [], part]);
  for (const e of input.events) if (DIRECT_HOOKS.has(e.native)) add(e.native, hookBody(e));
  if (injects) {
    add("experimental.chat.system.transform", [
      `      const id = input?.sessionID;`,
      `      const notes = [await sessionNotes.get(id), turnNotes.get(id)];`,
      `      for (const note of notes) if (note && Array.isArray(output?.system)) output.system.push(note);`,
    ]);
  }
  for (const n of natives) if (OPENCODE_HOOK_KEYS.has(n)) add(n, nativeHookBody(n));
  const client = {
    host: input.host ?? "opencode",
    connectorId: input.connectorId,
    exec: input.exec,
    timeoutMs: input.timeoutMs ?? 60_000,
    events: input.events,
  };
  const lines = [
    ...hookClientBanner(client, "the host"),
    hookClient(client),
    WIRING.trimEnd(),
    "",
    `export const ${
      pluginExportName(input.connectorId)
    } = async ({ directory, worktree } = {}) => {`,
    `  const base = { directory, worktree };`,
    `  const sessionNotes = new Map();`,
    `  const turnNotes = new Map();`,
    `  return {`,
  ];
  const transform = "experimental.chat.system.transform";
  for (const [key, parts] of direct) if (key !== transform) lines.push(...hookFunction(key, parts));
  if (bus.length || nativeBus.length) {
    lines.push(
      `    event: async ({ event } = {}) => {`,
      `      const type = event?.type;`,
      ...bus.flatMap(busCase),
      ...nativeBus.flatMap(nativeBusCase),
      `    },`,
    );
  }
  const system = direct.get(transform);
  if (system) lines.push(...hookFunction(transform, system));
  lines.push(`  };`, `};`, "");
  return lines.join("\n");
}
