/**
 * The byte pipe under `serve`: spawn the real MCP server and copy bytes both
 * ways unchanged — host stdin → server stdin, server stdout → host stdout,
 * server stderr straight to ours (inherited, never touched).
 *
 * Observation sits BESIDE the pipe: every chunk is written first and only
 * then handed to the optional {@link ServeTap}, which must not block. The
 * process lifecycle follows the host: when our stdin closes (or our parent
 * dies, or stdout breaks) the server's stdin is closed and, if it does not
 * exit within the grace period, it is sent SIGTERM and then SIGKILL; signals
 * we receive are forwarded; the server's exit code or signal is returned for
 * the caller to propagate.
 *
 * @module
 */

import { type ChildProcessByStdio, spawn } from "node:child_process";
import process from "node:process";
import type { Readable, Writable } from "node:stream";
import type { HostIo } from "./serve_host_io.ts";
import { readIntoReusedBuffer } from "./serve_child_read.ts";
import { widenServerPipes } from "./serve_pipes.ts";

/** Receives a copy of every chunk after it was forwarded. Must return at once. */
export interface ServeTap {
  /** A chunk the host sent to the server (already written to the server). */
  fromClient(chunk: Uint8Array): void;
  /** A chunk the server sent to the host (already written to the host). */
  fromServer(chunk: Uint8Array): void;
}

/** How the pipe runs. */
export interface ProxyOptions {
  /** The server executable. */
  command: string;
  /** Its arguments, verbatim. */
  args: readonly string[];
  /** The server's complete environment. */
  env: Record<string, string | undefined>;
  /** The server's working directory; ours when absent. */
  cwd?: string;
  /** Our end facing the host (runtime/serve_host_io.ts). */
  host: HostIo;
  /** The observer; none means a pure pipe. */
  tap?: ServeTap;
  /**
   * With no tap: give the server our own stdin and stdout instead of copying
   * (telemetry off costs nothing per call). The server then sees the host's
   * EOF and EPIPE itself; our parent's death still ends it.
   */
  shareHostStdio?: boolean;
  /**
   * Milliseconds between closing the server's stdin and SIGTERM, and between
   * SIGTERM and SIGKILL ({@link DEFAULT_GRACE_MS}). Hosts usually escalate
   * sooner themselves, and their signals are forwarded.
   */
  graceMs?: number;
  /** Signals to forward to the server; none in tests that run in-process. */
  forwardSignals?: readonly NodeJS.Signals[];
  /** Poll our parent pid and treat its death like stdin closing (default true). */
  watchParent?: boolean;
  /**
   * Called (maybe more than once) as soon as the host starts stopping the
   * session: a forwarded signal arrived, the host closed our stdin or stopped
   * reading, or our parent died. Hosts kill the wrapper within milliseconds
   * of this (notes/recipes/real-hosts.md), so whatever must be written is
   * written now.
   */
  onStopping?: () => void;
}

/** How the server ended. */
export interface ProxyOutcome {
  /** The server's exit code, or null when a signal ended it or it never started. */
  code: number | null;
  /** The signal that ended the server, if one did. */
  signal: NodeJS.Signals | null;
  /** Set when the server could not be started at all. */
  spawnError?: NodeJS.ErrnoException;
}

/**
 * Starts a server the way serve does (and `doctor --probe` after it): stdin
 * and stdout piped, stderr inherited (serve) or piped (probe), the given
 * complete environment and working directory, no console window on Windows.
 */
export function spawnServer(
  launch: Pick<ProxyOptions, "command" | "args" | "env" | "cwd">,
  stderr: "inherit" | "pipe",
  shareHostStdio = false,
): ChildProcessByStdio<Writable, Readable, Readable | null> {
  return spawn(launch.command, [...launch.args], {
    stdio: shareHostStdio ? "inherit" : ["pipe", "pipe", stderr],
    env: launch.env,
    cwd: launch.cwd,
    windowsHide: true,
  }) as ChildProcessByStdio<Writable, Readable, Readable | null>;
}

/** Ends the server (through `onGone`) when our parent process goes away. */
function watchParent(options: ProxyOptions, onGone: () => void, cleanups: (() => void)[]): void {
  if (!(options.watchParent ?? true)) return;
  const parent = process.ppid;
  const poll = setInterval(() => {
    if (process.ppid !== parent) onGone();
  }, 1_000);
  poll.unref?.();
  cleanups.push(() => clearInterval(poll));
}

/** Default grace between closing the server's stdin, SIGTERM and SIGKILL. */
export const DEFAULT_GRACE_MS = 10_000;

/** The signals a host may send that the server should see too. */
export const FORWARDED_SIGNALS: readonly NodeJS.Signals[] = process.platform === "win32"
  ? ["SIGINT", "SIGTERM"]
  : ["SIGINT", "SIGTERM", "SIGHUP"];

/**
 * Runs the server behind the pipe until it exits and every byte it wrote
 * reached `stdout`. Never rejects.
 */
export function runProxy(options: ProxyOptions): Promise<ProxyOutcome> {
  const grace = options.graceMs ?? DEFAULT_GRACE_MS;
  const { host, tap } = options;
  return new Promise((resolve) => {
    const shared = !tap && options.shareHostStdio === true;
    const child = spawnServer(options, "inherit", shared);
    const timers: ReturnType<typeof setTimeout>[] = [];
    const cleanups: (() => void)[] = [];
    let exited = false;
    let hostGone = false;

    const kill = (signal: NodeJS.Signals) => {
      if (exited || child.pid === undefined) return;
      try {
        // process.kill, not child.kill: Deno's ChildProcess ignores a second
        // kill() (SIGKILL after an ignored SIGTERM).
        process.kill(child.pid, signal);
      } catch { /* already gone */ }
    };
    const stopping = () => options.onStopping?.();
    /** Close the server's stdin, then escalate if it lingers. */
    const hostLeft = () => {
      if (hostGone) return;
      hostGone = true;
      stopping();
      child.stdin.end();
      const term = setTimeout(() => {
        kill("SIGTERM");
        const hard = setTimeout(() => kill("SIGKILL"), grace);
        hard.unref?.();
        timers.push(hard);
      }, grace);
      term.unref?.();
      timers.push(term);
    };

    function wireExit(): void {
      let spawnError: NodeJS.ErrnoException | undefined;
      child.once("error", (error: NodeJS.ErrnoException) => {
        spawnError = error;
      });
      child.once("exit", () => {
        exited = true;
      });
      // "close" fires after the server exited AND its stdout ended, so every
      // byte it wrote has been handed to `stdout` by then.
      child.once("close", (code: number | null, signal: NodeJS.Signals | null) => {
        exited = true;
        for (const t of timers) clearTimeout(t);
        for (const c of cleanups) c();
        void host.flush().then(() =>
          resolve(spawnError ? { code: null, signal: null, spawnError } : { code, signal })
        );
      });
    }

    function forwardSignals(): void {
      for (const signal of options.forwardSignals ?? []) {
        const onSignal = () => {
          stopping();
          kill(signal);
          // A server that ignores the host's signal must not outlive us.
          const hard = setTimeout(() => kill("SIGKILL"), grace * 2);
          hard.unref?.();
          timers.push(hard);
        };
        process.on(signal, onSignal);
        cleanups.push(() => process.off(signal, onSignal));
      }
    }

    if (shared) {
      // The server owns the streams: only signals and our parent's death concern us.
      watchParent(options, () => {
        stopping();
        kill("SIGTERM");
        const hard = setTimeout(() => kill("SIGKILL"), grace);
        hard.unref?.();
        timers.push(hard);
      }, cleanups);
      forwardSignals();
      wireExit();
      return;
    }
    // Host → server: write first, then observe; pause the host while the
    // server's stdin is full.
    child.stdin.on("error", () => {/* the server closed its stdin; its exit ends us */});
    host.read({
      chunk(chunk, release) {
        const ok = release ? child.stdin.write(chunk, release) : child.stdin.write(chunk);
        tap?.fromClient(chunk);
        if (!ok) {
          host.pause();
          child.stdin.once("drain", () => host.resume());
        }
      },
      end: hostLeft,
      held: () => child.stdin.writableLength > 0,
    });
    cleanups.push(() => host.stop());

    // Server → host, the same way round. Reads go into one reused buffer
    // (runtime/serve_child_read.ts) while the host is done with each chunk
    // when its write returns; a fresh one follows a chunk it still holds.
    // Where the host takes each chunk at once, the first read that fills the
    // buffer (a large message) widens the pipes to the server on Deno
    // (runtime/serve_pipes.ts) and the server's stdout is read as much at a
    // time after it; a session of small messages keeps the kernel's default
    // pipes, which count against the user's pipe budget.
    const fromServer = (chunk: Uint8Array): boolean => {
      const ok = host.write(chunk);
      tap?.fromServer(chunk);
      if (!ok) host.onDrain(() => child.stdout.resume());
      return ok; // false pauses the stream until that resume
    };
    const reused = readIntoReusedBuffer(
      child.stdout,
      fromServer,
      host.writesAtOnce
        ? { grow: () => widenServerPipes(child.pid) }
        : { held: () => host.holdsWrites?.() ?? true },
    );
    if (!reused) {
      child.stdout.on("data", (chunk: Uint8Array) => {
        if (!fromServer(chunk)) child.stdout.pause();
      });
    }
    // The host stopped reading: nothing more can reach it.
    host.onBroken(() => {
      child.stdout.resume();
      hostLeft();
    });

    watchParent(options, hostLeft, cleanups);
    forwardSignals();
    wireExit();
  });
}
