/**
 * The plugin module OpenClaw loads for a connector: a folder
 * `agent-connector-<id>/` holding `index.js`, the `openclaw.plugin.json`
 * manifest every native plugin must ship (docs/plugins/manifest.md of the
 * openclaw package) and a `package.json` naming the entry
 * (`openclaw.extensions`). The module's default export is `{id, name,
 * description, register}`, the shape OpenClaw's loader takes
 * (`resolvePluginModuleExport`), and `register(api)` subscribes with
 * `api.on(<hook>, handler, {timeoutMs})` — synchronously, as the hook
 * reference asks.
 *
 * Each handler sends `{event, directory, input, ctx}` — `input` is the
 * hook's event object, `ctx` its session fields — to `agent-connector hook
 * openclaw <Event>` and applies the reply (`block`, `args`, `context`:
 * adapters/dialects/openclaw.ts). Each event is one line to a long-lived
 * `agent-connector hook-serve` the plugin starts on its first event
 * (adapters/render/hook_serve_client.ts): the handler runs in our process,
 * never on OpenClaw's event loop, and a reply later than the timeout is
 * dropped (the plugin then does nothing).
 *
 * - `before_tool_call` returns `{block: true, blockReason}` or `{params}`.
 *   OpenClaw fails this hook closed when a handler throws or passes its
 *   timeout (docs/plugins/hooks/reference.md), so the handler never throws
 *   and gives up after 10 s, well inside the 15 s OpenClaw allows it.
 * - A prompt runs the hook at `before_prompt_build` (context goes back as
 *   `appendContext`); a deny is remembered for the run and returned at
 *   `before_agent_run` as `{outcome: "block"}`, which comes after the prompt
 *   is built and before the model reads it (docs/plugins/hooks/prompt-and-
 *   session.md). Context from `session_start` waits for the session's first
 *   prompt build, the one place a plugin adds to the prompt.
 * - Observation hooks (`session_start`, `session_end`, `after_tool_call`,
 *   the compaction, subagent and `agent_end` hooks) send their event and
 *   return at once: OpenClaw ignores what they return.
 * - A `nativeHooks` name is subscribed verbatim with `api.on`; the hook's
 *   event and context go out as the raw payload and the handler's reply is
 *   returned as the hook's result, unchanged (no reply: `undefined`).
 *
 * @module
 */

import type { HookFile, HookPluginInput, PluginRegistrationInput } from "../descriptor.ts";
import type { PluginRegistrationEntry } from "../descriptor.ts";
import { binExec } from "../render/command_line.ts";
import { actionRunnerJs } from "../render/plugin_action_js.ts";
import { hookClient, hookClientBanner, type HookClientInput } from "../render/hook_serve_client.ts";

/** How long the plugin waits for a reply (OpenClaw's own limit is 15 s, then it fails closed). */
export const OPENCLAW_TIMEOUT_MS = 10_000;

/** How long a user-run action may take before the plugin stops it. */
export const ACTION_TIMEOUT_MS = 120_000;

/** The plugin's id in OpenClaw (`plugins.entries.<id>`): `agent-connector-<connector>`. */
export function openclawPluginId(connectorId: string): string {
  return `agent-connector-${connectorId}`;
}

/** Hooks that read the conversation: a non-bundled plugin needs `allowConversationAccess`. */
const CONVERSATION_HOOKS = new Set(["before_prompt_build", "before_agent_run", "agent_end"]);

type Event = HookPluginInput["events"][number];

function clientInput(
  input: HookPluginInput,
  host: string,
  timeoutMs: number,
): HookClientInput {
  return {
    host,
    connectorId: input.connectorId,
    exec: binExec(input.homeBin, input.os, []),
    timeoutMs,
    events: input.events,
  };
}

const q = JSON.stringify;

function toolCall(e: Event): string[] {
  return [
    `    on("before_tool_call", async (event, ctx) => {`,
    `      if (!matches(MATCHERS[${q(e.event)}], String(event?.toolName ?? ""))) return;`,
    `      const reply = await hook(${
      q(e.event)
    }, payload("before_tool_call", { toolName: event?.toolName, params: event?.params ?? {}, toolCallId: event?.toolCallId, runId: event?.runId }, ctx));`,
    `      if (typeof reply?.block === "string") return { block: true, blockReason: reply.block };`,
    `      if (reply?.args && typeof reply.args === "object") return { params: reply.args };`,
    `    });`,
  ];
}

function afterTool(ok?: Event, failed?: Event): string[] {
  const pick = (e: Event | undefined) => e ? q(e.event) : "undefined";
  return [
    `    on("after_tool_call", (event, ctx) => {`,
    `      const name = event?.error === undefined ? ${pick(ok)} : ${pick(failed)};`,
    `      if (!name || !matches(MATCHERS[name], String(event?.toolName ?? ""))) return;`,
    `      void hook(name, payload("after_tool_call", { toolName: event?.toolName, params: event?.params ?? {}, result: event?.result, error: event?.error, toolCallId: event?.toolCallId }, ctx));`,
    `    });`,
  ];
}

function prompt(ups: Event | undefined, start: Event | undefined): string[] {
  const lines: string[] = [];
  if (start) {
    lines.push(
      `    on("session_start", (event, ctx) => {`,
      `      const id = event?.sessionId ?? ctx?.sessionId;`,
      `      sessionNotes.set(id, hook(${
        q(start.event)
      }, payload("session_start", event, ctx)).then((r) => (typeof r?.context === "string" ? r.context : undefined)));`,
      `    });`,
    );
  }
  lines.push(`    on("before_prompt_build", async (event, ctx) => {`);
  lines.push(`      const id = ctx?.sessionId;`);
  lines.push(`      const notes = [];`);
  if (start) {
    lines.push(
      `      const first = sessionNotes.get(id);`,
      `      sessionNotes.delete(id);`,
      `      notes.push(await first);`,
    );
  }
  if (ups) {
    lines.push(
      `      const reply = await hook(${
        q(ups.event)
      }, payload("before_prompt_build", { prompt: event?.currentUserMessage ?? event?.prompt }, ctx));`,
      `      if (typeof reply?.block === "string") blocked.set(ctx?.runId ?? id, reply.block);`,
      `      notes.push(reply?.context);`,
    );
  }
  lines.push(
    `      const text = notes.filter((n) => typeof n === "string" && n !== "").join("\\n\\n");`,
    `      if (text) return { appendContext: text };`,
    `    });`,
  );
  if (ups) {
    lines.push(
      `    on("before_agent_run", (event, ctx) => {`,
      `      const key = ctx?.runId ?? ctx?.sessionId;`,
      `      const reason = blocked.get(key);`,
      `      blocked.delete(key);`,
      `      if (reason !== undefined) return { outcome: "block", reason, message: "[The prompt was blocked by a hook: " + reason + "]" };`,
      `    });`,
    );
  }
  return lines;
}

/** The slash command an action is registered as: `<connector>-<action>`, OpenClaw-safe. */
export function openclawCommandName(connectorId: string, actionId: string): string {
  return `${connectorId}-${actionId}`.toLowerCase().replace(/[^a-z0-9_-]/g, "-");
}

function command(
  connectorId: string,
  a: NonNullable<HookPluginInput["actions"]>[number],
): string[] {
  return [
    `    try {`,
    `      api.registerCommand({`,
    `        name: ${q(openclawCommandName(connectorId, a.id))},`,
    `        description: ${
      q(
        a.description && !a.label.endsWith(a.description)
          ? `${a.label} — ${a.description}`
          : a.label,
      )
    },`,
    `        acceptsArgs: true,`,
    `        handler: async (ctx) => ({ text: (await runAction(${q(a.id)}, ctx?.args)).text }),`,
    `      });`,
    `    } catch {}`,
  ];
}

function observe(e: Event): string[] {
  return [
    `    on(${q(e.native)}, (event, ctx) => {`,
    `      void hook(${q(e.event)}, payload(${q(e.native)}, event, ctx));`,
    `    });`,
  ];
}

/**
 * A native hook: OpenClaw's event and context go out as they came
 * (`payload`), and the handler's reply is the hook's return value, verbatim
 * (`undefined` for no reply). `host` is the id whose `nativeHooks` hold
 * the handler (NemoClaw's plugin names `nemoclaw`).
 */
function native(name: string, host: string): string[] {
  const via = host === "openclaw" ? "" : `, ${q(host)}`;
  return [
    `    on(${q(name)}, async (event, ctx) => await hook(${q(name)}, payload(${
      q(name)
    }, event, ctx)${via}));`,
  ];
}

/**
 * The text of `index.js` (NemoClaw's install writes the same bytes, but for
 * its native hooks, which name `host`); `timeoutMs` for tests.
 */
export function renderOpenclawPlugin(
  input: HookPluginInput,
  timeoutMs: number = OPENCLAW_TIMEOUT_MS,
  host = "openclaw",
): string {
  const client = clientInput(input, "openclaw", timeoutMs);
  const by = (event: string) => input.events.find((e) => e.event === event);
  const body: string[] = [];
  const pre = by("PreToolUse");
  if (pre) body.push(...toolCall(pre));
  const post = by("PostToolUse");
  const failed = by("PostToolUseFailure");
  if (post || failed) body.push(...afterTool(post, failed));
  const ups = by("UserPromptSubmit");
  const start = by("SessionStart");
  if (ups || start) body.push(...prompt(ups, start));
  const handled = new Set([
    "PreToolUse",
    "PostToolUse",
    "PostToolUseFailure",
    "UserPromptSubmit",
    "SessionStart",
  ]);
  for (const e of input.events) if (!handled.has(e.event)) body.push(...observe(e));
  for (const name of input.natives ?? []) body.push(...native(name, host));
  for (const a of input.actions ?? []) body.push(...command(input.connectorId, a));
  const id = openclawPluginId(input.connectorId);
  return [
    ...hookClientBanner(client, "OpenClaw"),
    hookClient({ ...client, imports: [`import process from "node:process";`] }),
    ...(input.actions?.length ? [actionRunnerJs(ACTION_TIMEOUT_MS)] : []),
    "",
    `// A handler never throws: OpenClaw blocks a tool call whose handler fails.`,
    `function guard(handler) {`,
    `  return async (event, ctx) => {`,
    `    try {`,
    `      return await handler(event, ctx);`,
    `    } catch {`,
    `      return undefined;`,
    `    }`,
    `  };`,
    `}`,
    "",
    `function payload(native, input, ctx) {`,
    `  return {`,
    `    event: native,`,
    `    directory: process.cwd(),`,
    `    input: input ?? {},`,
    `    ctx: { sessionId: ctx?.sessionId, sessionKey: ctx?.sessionKey, agentId: ctx?.agentId, runId: ctx?.runId },`,
    `  };`,
    `}`,
    "",
    `export default {`,
    `  id: ${q(id)},`,
    `  name: ${q(`agent-connector: ${input.connectorId}`)},`,
    `  description: ${q(`Runs the hooks of the connector ${input.connectorId}.`)},`,
    `  register(api) {`,
    `    const sessionNotes = new Map();`,
    `    const blocked = new Map();`,
    `    const on = (name, handler) => api.on(name, guard(handler), { timeoutMs: TIMEOUT_MS + 5000 });`,
    ...body,
    `  },`,
    `};`,
    "",
  ].join("\n");
}

/** The plugin's folder and module name below the hook folder. */
export function openclawModuleName(connectorId: string): string {
  return `${openclawPluginId(connectorId)}/index.js`;
}

/** The manifest and package.json beside `index.js`. */
export function openclawCompanions(input: HookPluginInput): HookFile[] {
  const id = openclawPluginId(input.connectorId);
  const manifest = {
    id,
    name: `agent-connector: ${input.connectorId}`,
    description: `Runs the hooks of the connector ${input.connectorId}.`,
    activation: { onStartup: true },
    configSchema: { type: "object", additionalProperties: false, properties: {} },
  };
  const pkg = {
    name: id,
    version: "0.0.0",
    private: true,
    type: "module",
    openclaw: { extensions: ["./index.js"] },
  };
  return [
    { name: "openclaw.plugin.json", text: JSON.stringify(manifest, null, 2) + "\n" },
    { name: "package.json", text: JSON.stringify(pkg, null, 2) + "\n" },
  ];
}

/**
 * The two registrations OpenClaw needs besides `mcp.servers.<id>`: the
 * plugin folder in `plugins.load.paths` and `plugins.entries.<id>` enabling
 * it — with conversation access when the plugin uses a hook that reads the
 * conversation (docs/plugins/hooks.md "Permissions and scope").
 */
export function openclawRegistration(input: PluginRegistrationInput): PluginRegistrationEntry[] {
  const id = openclawPluginId(input.connectorId);
  const reads =
    input.events.some((e) =>
      CONVERSATION_HOOKS.has(e.native) || e.event === "UserPromptSubmit" ||
      e.event === "SessionStart"
    ) || (input.natives ?? []).some((n) => CONVERSATION_HOOKS.has(n));
  return [
    {
      kind: "item",
      at: ["plugins", "load", "paths"],
      value: input.moduleDir,
      label: "plugin load path",
    },
    {
      kind: "set",
      at: ["plugins", "entries", id],
      value: reads
        ? { enabled: true, hooks: { allowConversationAccess: true } }
        : { enabled: true },
      label: `plugin entry ${id}`,
    },
  ];
}
