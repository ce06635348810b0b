/**
 * The generated pi extension (ts-plugin paradigm, spec §2.3): one ES module
 * per connector in pi's `extensions/` folder, whose default export pi calls
 * with its `ExtensionAPI` (pi-mono packages/coding-agent
 * docs/extensions.md; `src/core/extensions/loader.ts` loads `*.js` and
 * `*.ts` files of the folder). oh-my-pi keeps the same API and folders.
 *
 * It does up to three things, each only when the connector asks for it:
 *
 * - **Hooks.** Each event is one line to a long-lived
 *   `agent-connector hook-serve` the extension starts on its first event
 *   (adapters/render/hook_serve_client.ts), answered as `hook <host> <Event>
 *   --connector <id>` would, and it applies the reply (adapters/dialects/pi.ts):
 *   `tool_call` blocks with `{block: true, reason}` or rewrites
 *   `event.input` in place, `tool_result` replaces the content or appends
 *   context, `input` swallows a blocked prompt (`{action: "handled"}`),
 *   `session_before_compact` cancels, and context from session start or a
 *   prompt is added to the system prompt in `before_agent_start`. Other
 *   events are fired and forgotten. pi awaits these handlers (its
 *   `ExtensionRunner`), so the await is where a deny takes effect; nothing
 *   synchronous runs on pi's event loop.
 * - **MCP (pi only: pi has no MCP of its own).** It reads the connector's
 *   entry from our server file (`agent-connector.mcp.json` beside pi's
 *   folders — not pi's `mcp.json`, which community MCP extensions read, so
 *   no server is bridged twice), starts it (the `serve` wrapper) over stdio,
 *   lists its tools and registers each with `pi.registerTool` as
 *   `<connector>_<tool>`, its JSON Schema as the parameters (pi validates
 *   plain JSON Schema, pi-ai `validateToolArguments`). Startup overlaps
 *   pi's own; `session_start` (awaited before the first prompt) waits for
 *   the list, at most `BRIDGE_WAIT_MS`. The server is stopped at
 *   `session_shutdown` and never keeps pi from exiting.
 * - **Actions.** Each becomes a pi command `/<connector>:<action>` that runs
 *   `action <host> <id> --connector <id>` and shows its output.
 *
 * Every failure — a missing binary, a timeout, a non-JSON reply, a server
 * that never answers — is fail-open: the extension does nothing.
 *
 * @module
 */

import type { ExecLine } from "../render/command_line.ts";
import { hookClient, hookClientBanner } from "../render/hook_serve_client.ts";
import { actionRunnerJs } from "../render/plugin_action_js.ts";

/** One declared event the extension handles. */
export interface PiExtensionEvent {
  /** The normalized event (the `hook` command's argument). */
  event: string;
  /** pi's event name. */
  native: string;
  /** The connector's matcher, for tool events. */
  matcher?: string;
}

/** One action the extension offers as a command. */
export interface PiExtensionAction {
  /** The action id. */
  id: string;
  /** What the command list shows. */
  description: string;
}

/** What the extension is generated from. */
export interface PiExtensionInput {
  /** The host id passed to `hook` and `action` (`pi`, `omp`). */
  host: string;
  /** The connector id. */
  connectorId: string;
  /** How to run the home binary (program + leading arguments). */
  exec: ExecLine;
  /** The declared events the host fires. */
  events: PiExtensionEvent[];
  /** The server file to bridge the connector's MCP server from; none: no bridge. */
  serverFile?: string;
  /** The connector's actions, as commands. */
  actions?: PiExtensionAction[];
  /** How long a hook reply may take before the extension gives up (fail-open). */
  timeoutMs?: number;
  /**
   * The connector's `nativeHooks` names: each is subscribed verbatim with
   * `pi.on(<name>)`, the event goes out as it came and the handler's reply
   * is the handler's result (pi applies an event's returned object itself).
   */
  natives?: readonly string[];
}

/** The extension's file name for a connector. */
export function piExtensionFileName(connectorId: string): string {
  return `agent-connector-${connectorId}.js`;
}

/** How long a user-run action may take before the extension stops it. */
const ACTION_TIMEOUT_MS = 600_000;

const HOOK_RUNTIME = String.raw`
function textOf(content) {
  return (Array.isArray(content) ? content : [])
    .filter((p) => p && p.type === "text" && typeof p.text === "string")
    .map((p) => p.text)
    .join("\n");
}

function sessionOf(ctx) {
  try {
    return { cwd: ctx?.cwd, sessionId: ctx?.sessionManager?.getSessionId?.() ?? "" };
  } catch {
    return { cwd: ctx?.cwd, sessionId: "" };
  }
}
`;

const BRIDGE_RUNTIME = String.raw`
// A minimal MCP client over stdio (newline-delimited JSON-RPC), enough to list and call tools.
function startServer(entry) {
  const child = spawn(entry.command, Array.isArray(entry.args) ? entry.args : [], {
    stdio: ["pipe", "pipe", "ignore"],
    env: { ...process.env, ...(entry.env ?? {}) },
    cwd: typeof entry.cwd === "string" ? entry.cwd : undefined,
    windowsHide: true,
  });
  const pending = new Map();
  let nextId = 1;
  let buffer = "";
  // Held only while a request waits: an idle server never keeps pi from exiting, and a
  // call in flight keeps the process alive until the server answers.
  const hold = (on) => {
    try {
      if (on) {
        child.ref();
        child.stdout.ref?.();
      } else {
        child.unref();
        child.stdout.unref?.();
      }
    } catch {}
  };
  const settle = (id) => {
    const waiter = pending.get(id);
    pending.delete(id);
    if (pending.size === 0) hold(false);
    return waiter;
  };
  const fail = () => {
    for (const { reject } of pending.values()) reject(new Error("the MCP server stopped"));
    pending.clear();
    hold(false);
  };
  child.on("error", fail);
  child.on("close", fail);
  child.stdin.on("error", () => {});
  child.stdout.on("data", (chunk) => {
    buffer += chunk;
    let at;
    while ((at = buffer.indexOf("\n")) >= 0) {
      const line = buffer.slice(0, at).trim();
      buffer = buffer.slice(at + 1);
      if (!line) continue;
      let msg;
      try {
        msg = JSON.parse(line);
      } catch {
        continue;
      }
      const waiter = msg && msg.id !== undefined && pending.has(msg.id) ? settle(msg.id) : undefined;
      if (!waiter) continue;
      if (msg.error) waiter.reject(new Error(String(msg.error.message ?? "MCP error")));
      else waiter.resolve(msg.result);
    }
  });
  hold(false);
  const send = (msg) => child.stdin.write(JSON.stringify(msg) + "\n");
  const request = (method, params) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      if (pending.size === 1) hold(true);
      send({ jsonrpc: "2.0", id, method, params });
    });
  const stop = () => {
    try {
      child.stdin.end();
      child.kill();
    } catch {}
  };
  return { request, notify: (method, params) => send({ jsonrpc: "2.0", method, params }), stop };
}

async function readEntry() {
  const text = await readFile(SERVER_FILE, "utf8");
  const entry = JSON.parse(text)?.mcpServers?.[CONNECTOR];
  return entry && typeof entry.command === "string" ? entry : undefined;
}

function withTimeout(promise, ms) {
  let timer;
  return Promise.race([
    promise,
    new Promise((resolve) => (timer = setTimeout(() => resolve(undefined), ms))),
  ]).finally(() => clearTimeout(timer));
}

function aborted(signal) {
  return new Promise((_, reject) => {
    const fail = () => reject(new Error("the tool call was cancelled"));
    if (signal.aborted) fail();
    else signal.addEventListener("abort", fail, { once: true });
  });
}

function toolName(name) {
  return (CONNECTOR + "_" + name).replace(/[^A-Za-z0-9_-]/g, "_");
}

function toPiContent(content) {
  const parts = [];
  for (const p of Array.isArray(content) ? content : []) {
    if (p?.type === "text" && typeof p.text === "string") parts.push({ type: "text", text: p.text });
    else if (p?.type === "image" && typeof p.data === "string") parts.push({ type: "image", data: p.data, mimeType: p.mimeType });
    else if (p) parts.push({ type: "text", text: JSON.stringify(p) });
  }
  return parts.length ? parts : [{ type: "text", text: "" }];
}

async function bridge(pi) {
  const entry = await readEntry();
  if (!entry) return undefined;
  const server = startServer(entry);
  try {
    await server.request("initialize", {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "agent-connector-" + HOST, version: "1" },
    });
    server.notify("notifications/initialized", {});
    const tools = [];
    let cursor;
    do {
      const page = await server.request("tools/list", cursor ? { cursor } : {});
      tools.push(...(Array.isArray(page?.tools) ? page.tools : []));
      cursor = page?.nextCursor;
    } while (cursor);
    for (const tool of tools) {
      if (!tool || typeof tool.name !== "string") continue;
      pi.registerTool({
        name: toolName(tool.name),
        label: tool.title ?? tool.name,
        description: tool.description ?? tool.name,
        parameters: tool.inputSchema ?? { type: "object", properties: {} },
        async execute(_id, params, signal) {
          const call = server.request("tools/call", { name: tool.name, arguments: params ?? {} });
          // Esc in pi aborts the turn: stop waiting for the server then.
          const result = await (signal ? Promise.race([call, aborted(signal)]) : call);
          const content = toPiContent(result?.content);
          if (result?.isError) throw new Error(textOf(content) || "the tool failed");
          return { content, details: result?.structuredContent ?? {} };
        },
      });
    }
    return server;
  } catch {
    server.stop();
    return undefined;
  }
}
`;

function hookBody(e: PiExtensionEvent): string[] {
  const call = (input: string) =>
    `hook(${JSON.stringify(e.event)}, { ...sessionOf(ctx), event: ${
      JSON.stringify(e.native)
    }, input: ${input} })`;
  const guard = e.matcher === undefined ? [] : [
    `      if (!matches(MATCHERS[${
      JSON.stringify(e.event)
    }], String(event?.toolName ?? ""))) return;`,
  ];
  switch (e.native) {
    case "tool_call":
      return [
        ...guard,
        `      const reply = await ${
          call(
            "{ toolName: event?.toolName, toolCallId: event?.toolCallId, input: event?.input ?? {} }",
          )
        };`,
        `      if (typeof reply?.block === "string") return { block: true, reason: reply.block };`,
        `      if (reply?.args && typeof reply.args === "object" && event?.input && typeof event.input === "object") {`,
        `        for (const key of Object.keys(event.input)) delete event.input[key];`,
        `        Object.assign(event.input, reply.args);`,
        `      }`,
      ];
    case "tool_result":
      return [
        ...guard,
        `      const reply = await ${
          call(
            "{ toolName: event?.toolName, toolCallId: event?.toolCallId, input: event?.input ?? {}, output: textOf(event?.content), isError: event?.isError === true }",
          )
        };`,
        `      const rest = (Array.isArray(event?.content) ? event.content : []).filter((p) => p?.type !== "text");`,
        `      let content = typeof reply?.output === "string" ? [{ type: "text", text: reply.output }, ...rest] : undefined;`,
        `      if (typeof reply?.context === "string") content = [...(content ?? event?.content ?? []), { type: "text", text: reply.context }];`,
        `      return content ? { content } : undefined;`,
      ];
    case "input":
      return [
        `      if (event?.source === "extension") return;`,
        `      const reply = await ${call("{ text: event?.text ?? '', source: event?.source }")};`,
        `      if (typeof reply?.block === "string") {`,
        `        if (ctx?.hasUI) ctx.ui.notify(reply.block, "warning");`,
        `        return { action: "handled" };`,
        `      }`,
        `      turnNote = typeof reply?.context === "string" ? reply.context : undefined;`,
      ];
    case "session_before_compact":
      return [
        `      const reply = await ${call("{ customInstructions: event?.customInstructions }")};`,
        `      if (typeof reply?.block === "string") return { cancel: true };`,
      ];
    case "session_start":
      return [`      sessionNote = ${call("{ reason: event?.reason }")}.then((r) => r?.context);`];
    default:
      return [`      void ${call("{ reason: event?.reason }")};`];
  }
}

/** Renders the extension for one connector. */
export function renderPiExtension(input: PiExtensionInput): string {
  const byNative = new Map(input.events.map((e) => [e.native, e]));
  const injects = byNative.has("session_start") || byNative.has("input");
  const bridged = input.serverFile !== undefined;
  const actions = input.actions ?? [];
  const client = {
    host: input.host,
    connectorId: input.connectorId,
    exec: input.exec,
    timeoutMs: input.timeoutMs ?? 60_000,
    events: input.events,
    imports: bridged ? [`import { readFile } from "node:fs/promises";`] : [],
  };
  const lines = [...hookClientBanner(client, input.host), hookClient(client)];
  if (bridged) {
    lines.push(
      `const SERVER_FILE = ${JSON.stringify(input.serverFile)};`,
      `const BRIDGE_WAIT_MS = 30000;`,
    );
  }
  lines.push(HOOK_RUNTIME.trimEnd());
  if (actions.length) lines.push("", actionRunnerJs(ACTION_TIMEOUT_MS));
  if (bridged) lines.push(BRIDGE_RUNTIME.trimEnd());
  lines.push(
    "",
    `export default function agentConnector(pi) {`,
    `  let sessionNote;`,
    `  let turnNote;`,
  );
  if (bridged) {
    lines.push(
      `  const server = bridge(pi).catch(() => undefined);`,
      `  pi.on("session_shutdown", async () => {`,
      `    (await withTimeout(server, 1000))?.stop();`,
      `  });`,
    );
  }
  const sessionStart = byNative.get("session_start");
  if (bridged || sessionStart) {
    lines.push(`  pi.on("session_start", async (event, ctx) => {`, `    try {`);
    if (bridged) lines.push(`      await withTimeout(server, BRIDGE_WAIT_MS);`);
    if (sessionStart) lines.push(...hookBody(sessionStart));
    lines.push(`    } catch {}`, `  });`);
  }
  for (const e of input.events) {
    if (e.native === "session_start") continue;
    lines.push(
      `  pi.on(${JSON.stringify(e.native)}, async (event, ctx) => {`,
      `    try {`,
      ...hookBody(e),
      `    } catch {}`,
      `  });`,
    );
  }
  for (const name of input.natives ?? []) {
    const q = JSON.stringify(name);
    lines.push(
      `  pi.on(${q}, async (event, ctx) => {`,
      `    try {`,
      `      return await hook(${q}, { ...sessionOf(ctx), event: ${q}, input: event ?? {} });`,
      `    } catch {}`,
      `  });`,
    );
  }
  if (injects) {
    lines.push(
      `  pi.on("before_agent_start", async (event) => {`,
      `    try {`,
      `      const notes = [await sessionNote, turnNote].filter((n) => typeof n === "string" && n);`,
      `      turnNote = undefined;`,
      // pi passes the system prompt as one string, oh-my-pi as a list of parts.
      `      if (!notes.length) return;`,
      `      const prompt = event.systemPrompt;`,
      `      return { systemPrompt: Array.isArray(prompt) ? [...prompt, ...notes] : [prompt, ...notes].join("\\n\\n") };`,
      `    } catch {}`,
      `  });`,
    );
  }
  for (const a of actions) {
    lines.push(
      `  pi.registerCommand(${JSON.stringify(`${input.connectorId}:${a.id}`)}, {`,
      `    description: ${JSON.stringify(a.description)},`,
      `    handler: async (args, ctx) => {`,
      `      try {`,
      `        const run = await runAction(${JSON.stringify(a.id)}, args);`,
      `        if (ctx?.hasUI) ctx.ui.notify(run.text, run.ok ? "info" : "error");`,
      `        else console.log(run.text);`,
      `      } catch {}`,
      `    },`,
      `  });`,
    );
  }
  lines.push(`}`, "");
  return lines.join("\n");
}
