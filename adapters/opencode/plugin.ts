/**
 * The generated opencode plugin (ts-plugin paradigm, spec §2.3; HOSTS.md
 * §8c): one small ES module per connector in opencode's plugin folder,
 * exporting exactly one plugin function (opencode calls every export of a
 * plugin file, so a second export would run twice or fail to load).
 *
 * Design: the module imports only `node:child_process`. On its first
 * event it starts the home binary's `hook-serve` (runtime/hook_serve.ts)
 * and sends it each event as one JSON line — `hook <host> <Event>
 * --connector <id>` with the payload — reading replies as they come.
 * Nothing synchronous runs on the host's event loop beyond starting that
 * process once, and the handler runs in our own process: the same runtime
 * chain (`runHook`, the opencode dialect) every other host and `simulate`
 * use, isolated from the host so a slow, looping or crashing handler cannot
 * take it down (the plugin then answers nothing and starts a new process on
 * the next event). Measured (bench/plugin_bench.ts): a process per event
 * cost ~140 ms an event here; a running process answers in about a
 * millisecond. Importing the connector into the host's own process would
 * be faster still but would run user code on the host's loop, where a
 * handler that loops or exits takes the host with it (not fail-open), and
 * under the host's runtime (Bun) rather than the one it was installed for.
 * The plugin points at the home binary, so an upgrade needs no rewrite.
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
import { MATCHES_JS } from "../render/plugin_matcher_js.ts";

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
 * picked when the plugin loads from an env variable the host sets on its
 * own process (the Kilo CLI and the Kilo Code extension run one backend and
 * read one plugin folder; the extension's backend has `KILO_PLATFORM=vscode`).
 */
export type PluginHost = string | {
  /** The env variable read when the plugin loads. */
  env: string;
  /** The value that selects {@link then}. */
  equals: string;
  /** The host id when the variable has that value. */
  then: string;
  /** The host id otherwise. */
  else: string;
};

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

const RUNTIME = String.raw`
import { spawn } from "node:child_process";

// One long-lived hook process (agent-connector hook-serve) answers every event: started
// on the first, replaced when it ends. Idle, it does not keep the host running.
let served;

function hold(s, on) {
  for (const h of [s.child, s.child.stdout, s.child.stdin]) {
    try {
      on ? h?.ref?.() : h?.unref?.();
    } catch {}
  }
}

function server() {
  if (served) return served;
  let child;
  try {
    child = spawn(COMMAND, [...ARGS, "hook-serve"], {
      stdio: ["pipe", "pipe", "ignore"],
      windowsHide: true,
    });
  } catch {
    return undefined;
  }
  const s = { child, pending: new Map(), n: 0 };
  let buf = "";
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (chunk) => {
    buf += chunk;
    for (let i = buf.indexOf("\n"); i >= 0; i = buf.indexOf("\n")) {
      const line = buf.slice(0, i);
      buf = buf.slice(i + 1);
      let m;
      try {
        m = JSON.parse(line);
      } catch {
        continue;
      }
      s.pending.get(m?.n)?.(typeof m?.stdout === "string" ? m.stdout : "");
    }
  });
  const gone = () => {
    if (served === s) served = undefined;
    for (const done of [...s.pending.values()]) done("");
  };
  child.on("error", gone);
  child.on("close", gone);
  child.stdin.on("error", () => {});
  hold(s, false);
  served = s;
  return s;
}

function call(event, payload) {
  return new Promise((resolve) => {
    const s = server();
    if (!s) return resolve(undefined);
    const n = ++s.n;
    const timer = setTimeout(() => {
      // A handler that never answers may hold the process: start afresh next time.
      if (served === s) served = undefined;
      try {
        s.child.kill();
        // Some runtimes start the process after spawn() returns: kill it then too.
        s.child.once("spawn", () => s.child.kill());
      } catch {}
      done("");
    }, TIMEOUT_MS);
    function done(out) {
      clearTimeout(timer);
      if (!s.pending.delete(n)) return;
      if (s.pending.size === 0) hold(s, false);
      try {
        const reply = JSON.parse(out);
        resolve(reply !== null && typeof reply === "object" ? reply : undefined);
      } catch {
        resolve(undefined);
      }
    }
    s.pending.set(n, done);
    hold(s, true);
    const args = [HOST, event, "--connector", CONNECTOR];
    try {
      s.child.stdin.write(JSON.stringify({ n, args, stdin: JSON.stringify(payload) }) + "\n");
    } catch {
      done("");
    }
  });
}

` +
  MATCHES_JS +
  String.raw`

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
    `call(${JSON.stringify(e.event)}, ${payload(input, output)})`;
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
  const call = `call(${
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

function hostLine(host: PluginHost): string {
  if (typeof host === "string") return `const HOST = ${JSON.stringify(host)};`;
  return `const HOST = globalThis.process?.env?.[${JSON.stringify(host.env)}] === ${
    JSON.stringify(host.equals)
  } ? ${JSON.stringify(host.then)} : ${JSON.stringify(host.else)};`;
}

/** Renders the plugin module for one connector. */
export function renderOpencodePlugin(input: PluginModuleInput): string {
  const host = input.host ?? "opencode";
  const shown = typeof host === "string" ? host : `<${host.then}|${host.else}>`;
  const direct = input.events.filter((e) => DIRECT_HOOKS.has(e.native));
  const bus = input.events.filter((e) => !DIRECT_HOOKS.has(e.native));
  const injects = input.events.some((e) =>
    e.native === "session.created" || e.native === "chat.message"
  );
  const matchers = Object.fromEntries(
    input.events.filter((e) => e.matcher !== undefined).map((e) => [e.event, e.matcher]),
  );
  const lines = [
    `// Generated by agent-connector for the connector ${JSON.stringify(input.connectorId)}.`,
    `// Do not edit: install rewrites this file and uninstall deletes it.`,
    `// Every event is answered, without blocking the host, by one process of ours:`,
    `//   ${[input.exec.command, ...input.exec.args].join(" ")} hook-serve`,
    `// as \`hook ${shown} <Event> --connector ${input.connectorId}\` would answer it.`,
    RUNTIME.trimEnd(),
    "",
    hostLine(host),
    `const COMMAND = ${JSON.stringify(input.exec.command)};`,
    `const ARGS = ${JSON.stringify(input.exec.args)};`,
    `const CONNECTOR = ${JSON.stringify(input.connectorId)};`,
    `const TIMEOUT_MS = ${input.timeoutMs ?? 60_000};`,
    `const MATCHERS = ${JSON.stringify(matchers)};`,
    "",
    `export const ${
      pluginExportName(input.connectorId)
    } = async ({ directory, worktree } = {}) => {`,
    `  const base = { directory, worktree };`,
    `  const sessionNotes = new Map();`,
    `  const turnNotes = new Map();`,
    `  return {`,
  ];
  for (const e of direct) {
    lines.push(
      `    ${JSON.stringify(e.native)}: async (input, output) => {`,
      ...hookBody(e),
      `    },`,
    );
  }
  if (bus.length) {
    lines.push(
      `    event: async ({ event } = {}) => {`,
      `      const type = event?.type;`,
      ...bus.flatMap(busCase),
      `    },`,
    );
  }
  if (injects) {
    lines.push(
      `    "experimental.chat.system.transform": async (input, output) => {`,
      `      const id = input?.sessionID;`,
      `      const notes = [await sessionNotes.get(id), turnNotes.get(id)];`,
      `      for (const note of notes) if (note && Array.isArray(output?.system)) output.system.push(note);`,
      `    },`,
    );
  }
  lines.push(`  };`, `};`, "");
  return lines.join("\n");
}
