/**
 * The lean entry hosts execute: `agent-connector hook <platform> <event>
 * --connector <id>` and `agent-connector statusline <platform> --connector
 * <id>`. `cli/main.ts` routes here before anything else loads; this module
 * and its imports use no `node:` built-in (edge/lean_io.ts `leanIo`
 * does the I/O), so a hook call loads only our small modules, the connector
 * record and module, and one dialect (DESIGN §5).
 *
 * Fail-open (hook) and fail-safe (statusline): any error — malformed stdin, a
 * missing record, a throwing handler — exits 0 with no output. So does a
 * handler still running near the host's own hook timeout
 * ({@link hookDeadlineMs}): the process ends before the host kills it.
 *
 * @module
 */

import { leanIo } from "../edge/lean_io.ts";
import type { HookRowFs } from "../telemetry/hook_row_lean.ts";
import { telemetryKilled } from "../telemetry/kill_switch.ts";
import {
  hookTimeoutMs,
  hostRunsOwnEntry,
  loadDialect,
  resolveHookHost,
} from "../adapters/runtime_detect.ts";
import { isHostId } from "../core/platform_types.ts";
import { effectiveHookEvents, surfaceDisabled } from "../core/overrides.ts";
import { type HookRunResult, parseStdin, runHook } from "./dispatch.ts";
import { importLazily } from "../core/lazy_import.ts";
import { loadModuleConnector, loadRegisteredConnector } from "./connector_module.ts";

/** What an entrypoint needs from its process (injectable for tests). */
export interface EntryIo {
  /**
   * Reads stdin to its end or a whole JSON object, giving up after
   * `timeoutMs` (its own bound when absent) with what arrived.
   */
  readStdin(timeoutMs?: number): Promise<string>;
  /** Writes to standard output; resolves once written. */
  out(text: string): Promise<void>;
  /** Writes to standard error; resolves once written. */
  err(text: string): Promise<void>;
  /** Reads a file's text, or undefined. */
  readText(path: string): string | undefined;
  /** Environment. */
  env: Record<string, string | undefined>;
  /** Home directory. */
  home: string;
  /** Path separator of the OS. */
  sep: string;
  /** File access for the telemetry row; the process's own (`leanIo`) when absent. */
  files?: HookRowFs;
  /**
   * `performance.now()` when the process started (0 for the process's own
   * I/O); when absent, the moment the entry was called.
   */
  startedAt?: number;
  /**
   * Ends the process now with exit 0, for a handler abandoned at its
   * deadline (its pending work would otherwise keep the process alive).
   */
  abandon?(): void;
}

/** How long a hook waits for a host that never closes stdin. */
const STDIN_TIMEOUT_MS = 10_000;

/** How long after its answer the process may take to end by itself. */
const END_GRACE_MS = 20;

/**
 * Splits `<positionals…> --connector <id> [--module <path>]` tolerantly
 * (unknown flags are ignored). `--module` names the connector module a
 * package bundles (package/connector_bundle.ts): no install needed.
 */
export function splitEntryArgs(
  args: string[],
): { positionals: string[]; connector?: string; module?: string } {
  const positionals: string[] = [];
  let connector: string | undefined;
  let module: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === "--connector") connector = args[++i];
    else if (a.startsWith("--connector=")) connector = a.slice("--connector=".length);
    else if (a === "--module") module = args[++i];
    else if (a.startsWith("--module=")) module = a.slice("--module=".length);
    else if (a.startsWith("--")) continue;
    else positionals.push(a);
  }
  return { positionals, connector, module };
}

/**
 * Sends what user code prints through `console` to stderr: stdout carries
 * the host's reply and nothing else (a line before the JSON makes the host
 * drop the reply). Deno's `count`, `timeLog` and `timeEnd` print to stdout
 * through the console's own printer, so they are replaced too.
 */
function consoleToStderr(): void {
  const c = console;
  const err = c.error.bind(c);
  c.log =
    c.info =
    c.debug =
    c.dirxml =
      err;
  c.dir = (item: unknown) => err(item);
  c.table = (data: unknown) => err(data);
  const counts = new Map<string, number>();
  c.count = (label = "default") => {
    counts.set(label, (counts.get(label) ?? 0) + 1);
    err(`${label}: ${counts.get(label)}`);
  };
  c.countReset = (label = "default") => void counts.delete(label);
  const timers = new Map<string, number>();
  c.time = (label = "default") => void timers.set(label, performance.now());
  const elapsed = (label: string, end: boolean, data: unknown[]) => {
    const at = timers.get(label);
    if (at === undefined) return;
    if (end) timers.delete(label);
    err(`${label}: ${(performance.now() - at).toFixed(3)}ms`, ...data);
  };
  c.timeLog = (label = "default", ...data: unknown[]) => elapsed(label, false, data);
  c.timeEnd = (label = "default") => elapsed(label, true, []);
}

/**
 * The process's own I/O, a way to set its exit code and one to end with
 * it. Code the entry runs (a connector module, its handlers) cannot decide
 * the exit code or write to stdout: {@link LeanIo.guardExit} and
 * {@link consoleToStderr}.
 */
export async function processIo(): Promise<
  EntryIo & { setExitCode(code: number): void; end(code: number): void }
> {
  const io = await leanIo();
  io.guardExit();
  consoleToStderr();
  return {
    readStdin: (timeoutMs = STDIN_TIMEOUT_MS) => io.readStdin(timeoutMs),
    out: (text) => io.write("out", text),
    err: (text) => io.write("err", text),
    readText: io.readText,
    env: io.env,
    home: io.env.HOME || io.env.USERPROFILE || "",
    sep: io.os === "win32" ? "\\" : "/",
    files: io,
    setExitCode: io.setExitCode,
    end(code) {
      io.setExitCode(code);
      // The process ends by itself once nothing is pending, with no exit
      // call's cost; a timer or socket a handler left open would keep it
      // (and the host) waiting, so this unreferenced wait ends it instead.
      void lateAfter(END_GRACE_MS).then(() => io.exit(code));
    },
    startedAt: 0,
    abandon: () => io.exit(0),
  };
}

/**
 * When a hook call on `platform` for `event` gives up, in ms after its
 * process started: the host's own timeout less a margin (a fifth of it, at
 * most a second) for the process to end before the host kills it. Hosts
 * show a killed hook as an error; some (Cursor's `failClosed`) block on it.
 */
export async function hookDeadlineMs(platform: string, event: string): Promise<number> {
  const timeout = await hookTimeoutMs(platform, event);
  return timeout - Math.min(1_000, timeout / 5);
}

/**
 * Resolves to `"late"` after `ms` without holding the process open:
 * `Atomics.waitAsync` on a cell no one notifies (edge/runtime_info.ts
 * `deadline`: a global timer costs a cold Deno hook far more).
 */
function lateAfter(ms: number): Promise<"late"> {
  const wait = Atomics.waitAsync(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Math.max(0, ms));
  return Promise.resolve(wait.value).then(() => "late" as const);
}

/** The data root, as io/data_root.ts computes it, without `node:path`. */
function rootOf(io: EntryIo): string {
  return io.env.AGENT_CONNECTOR_DATA_DIR || [io.home, ".agent-connector"].join(io.sep);
}

/** `hook <platform> <event> --connector <id>`: returns the exit code. Never throws. */
export async function hookEntry(args: string[], given?: EntryIo): Promise<number> {
  try {
    const started = given?.startedAt ?? (given ? performance.now() : 0);
    const io = given ?? await processIo();
    const { positionals: [platform, event], connector: id, module } = splitEntryArgs(args);
    if (!platform || !event || !id) return 0;
    // A host that never closes stdin gets no more of the budget than its
    // own timeout leaves.
    const bound = Math.min(STDIN_TIMEOUT_MS, await hookDeadlineMs(platform, event));
    const stdin = await io.readStdin(Math.max(0, started + bound - performance.now()));
    const raw = parseStdin(stdin);
    // Every host sends a JSON object: nothing, or anything else, is no event,
    // and no handler runs on it (a handler that denies what it cannot read
    // would block the user's tool).
    if (!raw || stdin.trim() === "") return 0;
    const loaded = module
      ? await loadModuleConnector(module, id)
      : await loadRegisteredConnector(rootOf(io), id, io.readText, io.sep);
    if (!loaded) return 0;
    const host = await resolveHookHost(platform, raw, io.env);
    // VS Code, Copilot CLI, Cursor and JetBrains run other hosts' hook files
    // too (HOSTS.md trap 8): when the host also runs an entry of its own for
    // this connector, that entry answers and this one stays quiet.
    if (
      host.via === "payload" && isHostId(host.platform) &&
      await hostRunsOwnEntry(
        host.platform,
        event,
        loaded.record.installs ?? [],
        payloadDir(raw),
        (h, e) =>
          !surfaceDisabled(loaded.connector, h, "hooks") &&
          (effectiveHookEvents(loaded.connector, h) as string[]).includes(e),
      )
    ) return 0;
    const dialect = (await loadDialect(host.platform)) ?? (await loadDialect(platform));
    const deadline = await hookDeadlineMs(host.platform, event);
    const result = await Promise.race([
      runHook({ connector: loaded.connector, platform: host.platform, event, stdin, dialect }),
      lateAfter(started + deadline - performance.now()),
    ]);
    if (result === "late") {
      if (io.env.AGENT_CONNECTOR_LOG === "debug") {
        await io.err(
          `agent-connector: ${id} ${event} handler was still running after ${deadline} ms of ` +
            `${host.platform}'s ${await hookTimeoutMs(
              host.platform,
              event,
            )} ms hook timeout; the host got no reply\n`,
        );
      }
      io.abandon?.();
      return 0;
    }
    await io.out(result.reply.stdout);
    await io.err(result.reply.stderr);
    if (result.error !== undefined && io.env.AGENT_CONNECTOR_LOG === "debug") {
      await io.err(handlerFailure(id, event, result.error));
    }
    if (result.ran) {
      const session = dialect?.session(result.raw ?? {}) ?? { sessionId: "" };
      await recordHookRow(io, loaded, host.platform, event, result, session);
    }
    return result.reply.exitCode;
  } catch {
    return 0;
  }
}

/**
 * What a handler's throw was, for its author: fail-open keeps it from the host
 * (exit 0, no reply), so only `AGENT_CONNECTOR_LOG=debug` shows it, on stderr.
 */
function handlerFailure(id: string, event: string, error: unknown): string {
  const detail = error instanceof Error ? error.stack ?? error.message : String(error);
  return `agent-connector: ${id} ${event} handler failed; the host got no reply:\n${detail}\n`;
}

/** The folder a payload was sent from: `cwd`, or Cursor's first workspace root. */
function payloadDir(raw: Record<string, unknown> | undefined): string | undefined {
  const roots = Array.isArray(raw?.workspace_roots) ? raw.workspace_roots : [];
  const dir = raw?.cwd ?? roots[0];
  return typeof dir === "string" ? dir : undefined;
}

/** What the reply put in front of the model, for the telemetry row's token estimate. */
function injectedText(result: HookRunResult): string {
  const r = result.response;
  if (result.kind === "native" || !r) return result.reply.stdout;
  const input = r.decision === "modify" && r.updatedInput
    ? JSON.stringify(r.updatedInput)
    : undefined;
  return [r.additionalContext, r.reason, input, r.updatedOutput].filter(Boolean).join("\n");
}

/**
 * One `hook` telemetry row per dispatch (spec §5), written after the reply
 * and loaded only then, so the reply never waits on it: a lean append
 * (telemetry/hook_row_lean.ts), no store module, no `node:` built-in. Off
 * when the environment's kill switch, the connector module or its record
 * says so. Fail-open.
 */
async function recordHookRow(
  io: EntryIo,
  loaded: NonNullable<Awaited<ReturnType<typeof loadModuleConnector>>>,
  platform: string,
  event: string,
  result: HookRunResult,
  session: { sessionId: string; projectDir?: string },
): Promise<void> {
  const { connector, record } = loaded;
  if (
    telemetryKilled(io.env) || connector.telemetry?.enabled === false ||
    record.telemetry?.enabled === false
  ) return;
  try {
    const [{ appendHookRowLean }, files] = await Promise.all([
      importLazily<typeof import("../telemetry/hook_row_lean.ts")>(
        "../telemetry/hook_row_lean.ts",
        import.meta.url,
      ),
      io.files ?? leanIo(),
    ]);
    appendHookRowLean({
      dataRoot: rootOf(io),
      env: io.env,
      connectorId: connector.id,
      hostPlatform: platform,
      event,
      sessionId: session.sessionId || undefined,
      projectDir: session.projectDir,
      injectedText: injectedText(result),
      isError: result.error !== undefined,
    }, files);
  } catch { /* telemetry never fails a hook */ }
}

/** `statusline <platform> --connector <id>`: prints the rendered line(s). Never throws. */
export async function statuslineEntry(args: string[], given?: EntryIo): Promise<number> {
  try {
    const io = given ?? await processIo();
    const { positionals: [platform], connector: id } = splitEntryArgs(args);
    if (!platform || !id) return 0;
    const stdin = await io.readStdin();
    const loaded = await loadRegisteredConnector(rootOf(io), id, io.readText, io.sep);
    if (!loaded) return 0;
    // Loaded here, not at start-up: a hook call never needs it.
    const [{ runStatusline }, dialect] = await Promise.all([
      importLazily<typeof import("./statusline.ts")>("./statusline.ts", import.meta.url),
      loadDialect(platform),
    ]);
    const text = await runStatusline({ connector: loaded.connector, platform, stdin, dialect });
    await io.out(text);
    return 0;
  } catch {
    return 0;
  }
}
