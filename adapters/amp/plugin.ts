/**
 * The plugin Amp loads for a connector: one TypeScript file
 * `agent-connector-<id>.ts` in `.amp/plugins/` (project) or
 * `~/.config/amp/plugins/` (system), run by Amp under Bun as a long-lived
 * process (`amp plugins show-docs`, the `@ampcode/plugin` API). Its default
 * export receives the plugin API and subscribes with `amp.on(event,
 * handler)`.
 *
 * Each handler sends `{event, directory, input}` — `input` is Amp's event
 * object — to `agent-connector hook amp <Event>` (one line to a long-lived
 * `agent-connector hook-serve`: adapters/render/hook_serve_client.ts) and maps the reply (`block`, `args`,
 * `output`, `context`: adapters/dialects/amp.ts) onto Amp's result types:
 *
 * - `tool.call` must answer: `{action: "reject-and-continue", message}`
 *   for a deny, `{action: "modify", input}` for new arguments, else
 *   `{action: "allow"}` — also on every failure. `{action: "error"}` would
 *   stop the thread, so the plugin never returns it.
 * - `tool.result` returns `{status, output}` only to replace the output or
 *   append context; otherwise nothing, which leaves the result alone.
 * - `agent.start` (a prompt) returns `{message: {content}}`, appended to the
 *   user's message; context from `session.start`, which takes no result,
 *   waits for the thread's first prompt. A prompt cannot be stopped.
 * - `agent.end` returns `{action: "continue", userMessage}` for a deny —
 *   Amp keeps working, as a blocked Stop does elsewhere.
 * - A `nativeHooks` name is subscribed verbatim with `amp.on`; Amp's event
 *   object is the raw payload and the handler's reply the handler's result.
 *
 * @module
 */

import type { HookPluginInput } from "../descriptor.ts";
import { binExec } from "../render/command_line.ts";
import { hookClient, hookClientBanner, type HookClientInput } from "../render/hook_serve_client.ts";

/** How long the plugin waits for a reply before it gives up (fail-open). */
export const AMP_TIMEOUT_MS = 30_000;

/** The plugin's file name for a connector. */
export function ampPluginFileName(connectorId: string): string {
  return `agent-connector-${connectorId}.ts`;
}

type Event = HookPluginInput["events"][number];
const q = JSON.stringify;

function toolCall(e: Event): string[] {
  return [
    `  amp.on("tool.call", guard({ action: "allow" }, async (event) => {`,
    `    if (!matches(MATCHERS[${
      q(e.event)
    }], String(event?.tool ?? ""))) return { action: "allow" };`,
    `    const reply = await hook(${q(e.event)}, payload("tool.call", event));`,
    `    if (typeof reply?.block === "string") return { action: "reject-and-continue", message: reply.block };`,
    `    if (reply?.args && typeof reply.args === "object") return { action: "modify", input: reply.args };`,
    `    return { action: "allow" };`,
    `  }));`,
  ];
}

function toolResult(ok?: Event, failed?: Event): string[] {
  const pick = (e: Event | undefined) => e ? q(e.event) : "undefined";
  return [
    `  amp.on("tool.result", guard(undefined, async (event) => {`,
    `    const name = event?.status === "error" ? ${pick(failed)} : ${pick(ok)};`,
    `    if (!name || !matches(MATCHERS[name], String(event?.tool ?? ""))) return undefined;`,
    `    const reply = await hook(name, payload("tool.result", event));`,
    `    const replaced = typeof reply?.output === "string";`,
    `    if (!replaced && typeof reply?.context !== "string") return undefined;`,
    `    const base = replaced ? reply.output : event?.output;`,
    `    const text = typeof base === "string" ? base : base === undefined ? "" : JSON.stringify(base);`,
    `    const output = typeof reply?.context === "string" ? [text, reply.context].filter(Boolean).join("\\n\\n") : text;`,
    `    return { status: event?.status ?? "done", output, ...(event?.error ? { error: event.error } : {}) };`,
    `  }));`,
  ];
}

function prompt(ups: Event | undefined, start: Event | undefined): string[] {
  const lines: string[] = [];
  if (start) {
    lines.push(
      `  amp.on("session.start", (event) => {`,
      `    const id = event?.thread?.id;`,
      `    sessionNotes.set(id, hook(${
        q(start.event)
      }, payload("session.start", event)).then((r) => (typeof r?.context === "string" ? r.context : undefined)));`,
      `  });`,
    );
  }
  lines.push(`  amp.on("agent.start", guard({}, async (event) => {`);
  lines.push(`    const notes = [];`);
  if (start) {
    lines.push(
      `    const id = event?.thread?.id;`,
      `    const first = sessionNotes.get(id);`,
      `    sessionNotes.delete(id);`,
      `    notes.push(await first);`,
    );
  }
  if (ups) {
    lines.push(
      `    const reply = await hook(${q(ups.event)}, payload("agent.start", event));`,
      `    notes.push(reply?.context);`,
    );
  }
  lines.push(
    `    const content = notes.filter((n) => typeof n === "string" && n !== "").join("\\n\\n");`,
    `    return content ? { message: { content, display: false } } : {};`,
    `  }));`,
  );
  return lines;
}

function stop(e: Event): string[] {
  return [
    `  amp.on("agent.end", guard(undefined, async (event) => {`,
    `    const reply = await hook(${
      q(e.event)
    }, payload("agent.end", { thread: event?.thread, id: event?.id, status: event?.status, message: event?.message }));`,
    `    if (typeof reply?.block === "string") return { action: "continue", userMessage: reply.block };`,
    `    return undefined;`,
    `  }));`,
  ];
}

/**
 * A native event (`PluginEventMap` names it, e.g. `changes.prompt`): Amp's
 * event object goes out as it came, and the handler's reply is the
 * handler's result, verbatim (`undefined` for no reply, also on a failure).
 */
function native(name: string): string[] {
  return [
    `  amp.on(${q(name)}, guard(undefined, async (event) => await hook(${q(name)}, payload(${
      q(name)
    }, event))));`,
  ];
}

/** The text of the plugin file. */
export function renderAmpPlugin(input: HookPluginInput): string {
  const client: HookClientInput = {
    host: "amp",
    connectorId: input.connectorId,
    exec: binExec(input.homeBin, input.os, []),
    timeoutMs: AMP_TIMEOUT_MS,
    events: input.events,
  };
  const by = (event: string) => input.events.find((e) => e.event === event);
  const body: string[] = [];
  const pre = by("PreToolUse");
  if (pre) body.push(...toolCall(pre));
  const post = by("PostToolUse");
  const failed = by("PostToolUseFailure");
  if (post || failed) body.push(...toolResult(post, failed));
  const ups = by("UserPromptSubmit");
  const start = by("SessionStart");
  if (ups || start) body.push(...prompt(ups, start));
  const end = by("Stop");
  if (end) body.push(...stop(end));
  for (const name of input.natives ?? []) body.push(...native(name));
  return [
    ...hookClientBanner(client, "Amp"),
    hookClient({ ...client, imports: [`import process from "node:process";`] }),
    "",
    `// A handler never throws: a failure gives the answer that changes nothing.`,
    `function guard(fallback, handler) {`,
    `  return async (event) => {`,
    `    try {`,
    `      return await handler(event);`,
    `    } catch {`,
    `      return fallback;`,
    `    }`,
    `  };`,
    `}`,
    "",
    `function payload(native, input) {`,
    `  return { event: native, directory: process.cwd(), input: input ?? {} };`,
    `}`,
    "",
    `export const description = ${q(`Runs the hooks of the connector ${input.connectorId}.`)};`,
    "",
    `export default function (amp) {`,
    `  const sessionNotes = new Map();`,
    ...body,
    `}`,
    "",
  ].join("\n");
}
