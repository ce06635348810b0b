/**
 * The client every generated plugin host bridge embeds (opencode's family,
 * OpenClaw, Amp, pi and oh-my-pi): how the plugin, running inside the
 * host's process, gets an event answered by the connector's handler.
 *
 * One long-lived `agent-connector hook-serve` process (runtime/hook_serve.ts)
 * answers every event: the plugin starts it on its first event and sends
 * each event as one JSON line, `hook <host> <Event> --connector <id>` with
 * the payload, reading replies as they come. The handler thus runs in a
 * process of ours, under the runtime the connector was installed for (Deno
 * source, JSR or our npm build alike), never on the host's event loop: a
 * handler that loops, crashes or calls `process.exit` stops that process,
 * not the host; and no process starts per event (what each path costs is
 * in bench/README.md, `deno task bench plugin`).
 *
 * Fail-open throughout: a binary that cannot start, a process that dies
 * (the events in flight answer nothing, the next event starts a new one), a
 * reply later than the timeout (the process is killed, since a stuck
 * handler may hold it, and the next event starts afresh) and a reply that
 * is not a JSON object all resolve to `undefined`, which each host's
 * handler reads as "change nothing". An idle process does not keep the
 * host alive: it is referenced only while an event waits on it, and it ends
 * when the host does (its stdin closes).
 *
 * @module
 */

import type { ExecLine } from "./command_line.ts";
import { MATCHES_JS } from "./plugin_matcher_js.ts";

/**
 * The host id the plugin names on the `hook` line: one id, or one picked
 * when the plugin loads from an env variable the host sets on its own
 * process (the Kilo CLI and the Kilo Code extension run one backend and
 * read one plugin folder; the extension's backend has `KILO_PLATFORM=vscode`).
 */
export type HookHost = string | {
  /** The env variable read when the plugin loads. */
  env: string;
  /** The value that selects {@link then}. */
  equals: string;
  /** The host id when the variable has that value. */
  then: string;
  /** The host id otherwise. */
  else: string;
};

/** What the client is generated for. */
export interface HookClientInput {
  /** The host id for `hook <host> <Event>`. */
  host: HookHost;
  /** The connector id. */
  connectorId: string;
  /** How to run the home binary (program + leading arguments). */
  exec: ExecLine;
  /** How long a reply may take before the plugin gives up (fail-open). */
  timeoutMs: number;
  /** The declared events; a tool event's matcher is checked in the plugin. */
  events: readonly { event: string; matcher?: string }[];
  /** More `import` lines the host's own wiring needs, after the client's. */
  imports?: string[];
}

/**
 * `hook(event, payload, host = HOST)`: resolves to the reply object `hook
 * <host> <event> --connector <CONNECTOR>` prints for `payload`, or
 * `undefined`. Uses the constants {@link hookClient} writes and `spawn`.
 */
const CLIENT_JS = String.raw`
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

function hook(event, payload, host = HOST) {
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
    const args = [host, event, "--connector", CONNECTOR];
    try {
      s.child.stdin.write(JSON.stringify({ n, args, stdin: JSON.stringify(payload) }) + "\n");
    } catch {
      done("");
    }
  });
}
`;

function hostLine(host: HookHost): string {
  if (typeof host === "string") return `const HOST = ${JSON.stringify(host)};`;
  return `const HOST = globalThis.process?.env?.[${JSON.stringify(host.env)}] === ${
    JSON.stringify(host.equals)
  } ? ${JSON.stringify(host.then)} : ${JSON.stringify(host.else)};`;
}

/**
 * The generated file's banner: who wrote it, and the one process that
 * answers its events (`hostName` is the host as the reader knows it).
 */
export function hookClientBanner(input: HookClientInput, hostName: string): string[] {
  const host = typeof input.host === "string"
    ? input.host
    : `<${input.host.then}|${input.host.else}>`;
  return [
    `// Generated by agent-connector for the connector ${JSON.stringify(input.connectorId)}.`,
    `// Do not edit: install rewrites this file and uninstall deletes it.`,
    `// Every event is answered, without blocking ${hostName}, by one process of ours:`,
    `//   ${[input.exec.command, ...input.exec.args].join(" ")} hook-serve`,
    `// as \`hook ${host} <Event> --connector ${input.connectorId}\` would answer it.`,
  ];
}

/** Normalized event → the connector's matcher, for the events that have one. */
function matchers(events: HookClientInput["events"]): Record<string, string> {
  return Object.fromEntries(
    events.flatMap((e) => e.matcher === undefined ? [] : [[e.event, e.matcher]]),
  );
}

/**
 * The client's JavaScript: its imports, the constants (`HOST`, `COMMAND`,
 * `ARGS`, `CONNECTOR`, `TIMEOUT_MS`, `MATCHERS`), `hook(event, payload, host?)`
 * and `matches(matcher, toolName)` (core/matcher.ts's rules, so a tool the
 * matcher leaves out starts nothing). The host's wiring follows it.
 */
export function hookClient(input: HookClientInput): string {
  return [
    `import { spawn } from "node:child_process";`,
    ...(input.imports ?? []),
    "",
    hostLine(input.host),
    `const COMMAND = ${JSON.stringify(input.exec.command)};`,
    `const ARGS = ${JSON.stringify(input.exec.args)};`,
    `const CONNECTOR = ${JSON.stringify(input.connectorId)};`,
    `const TIMEOUT_MS = ${input.timeoutMs};`,
    `const MATCHERS = ${JSON.stringify(matchers(input.events))};`,
    CLIENT_JS.trimEnd(),
    "",
    MATCHES_JS,
  ].join("\n");
}
