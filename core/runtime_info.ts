/**
 * The one place that asks which JavaScript runtime we are on. Everything else
 * uses `node:` built-ins, which both Deno and Node provide — except the hook
 * and status-line entries, whose start-up budget (DESIGN §5) does not fit
 * Deno's Node-compatibility layer (importing `node:fs` or `node:process`
 * costs Deno tens of milliseconds): {@link leanIo} gives them the handful of
 * I/O calls they need from the runtime's own API.
 *
 * This module imports nothing at start-up.
 *
 * @module
 */

/** The runtimes we support. */
export type RuntimeName = "deno" | "node";

// deno-lint-ignore no-explicit-any
const deno = (globalThis as any).Deno as any;

/** Returns the runtime executing this code. */
export function runtimeName(): RuntimeName {
  return deno ? "deno" : "node";
}

/** The command-line arguments after the runtime and the script. */
export function processArgs(): string[] {
  // deno-lint-ignore no-explicit-any
  return deno ? [...deno.args] : (globalThis as any).process.argv.slice(2);
}

/** Returns the absolute path of the running runtime's executable. */
export function runtimeExecPath(): string {
  // deno-lint-ignore no-explicit-any
  return deno ? deno.execPath() : (globalThis as any).process.execPath;
}

/**
 * True when the runtime lets this process write under `path` without asking:
 * under Deno, when `--allow-write` covers it (never prompts); on Node, always.
 */
export function writeAllowed(path: string): boolean {
  const query = deno?.permissions?.querySync;
  if (!query) return true;
  try {
    return query.call(deno.permissions, { name: "write", path }).state === "granted";
  } catch {
    return false;
  }
}

/** The I/O a runtime entry needs, without loading Node compatibility on Deno. */
export interface LeanIo {
  /** Environment variables (empty without permission). */
  env: Record<string, string | undefined>;
  /** The OS family. */
  os: "linux" | "darwin" | "win32";
  /** Reads all of stdin as UTF-8; gives up after `timeoutMs` with what arrived. */
  readStdin(timeoutMs: number): Promise<string>;
  /** A file's text, or undefined. */
  readText(path: string): string | undefined;
  /** Writes to stdout or stderr and resolves once written. */
  write(to: "out" | "err", text: string): Promise<void>;
  /** Sets the process exit code. */
  setExitCode(code: number): void;
}

function osFamily(name: string): LeanIo["os"] {
  return name === "windows" || name === "win32" ? "win32" : name === "darwin" ? "darwin" : "linux";
}

function concat(chunks: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/**
 * Reads Deno's stdin with plain reads: its web-stream reader costs ~20 ms of
 * set-up on a cold start, a read loop ~1 ms.
 */
async function denoStdin(timeoutMs: number): Promise<string> {
  if (deno.stdin.isTerminal?.()) return "";
  const chunks: Uint8Array[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), timeoutMs);
  });
  try {
    for (;;) {
      const buf = new Uint8Array(65536);
      const n = await Promise.race([deno.stdin.read(buf) as Promise<number | null>, timeout]);
      if (n === "timeout" || n === null) break;
      chunks.push(buf.subarray(0, n));
    }
  } finally {
    clearTimeout(timer);
  }
  return new TextDecoder().decode(concat(chunks));
}

function denoIo(): LeanIo {
  let env: Record<string, string> = {};
  try {
    env = deno.env.toObject();
  } catch { /* no env permission */ }
  return {
    env,
    os: osFamily(deno.build.os),
    readStdin: denoStdin,
    readText(path) {
      try {
        return deno.readTextFileSync(path);
      } catch {
        return undefined;
      }
    },
    async write(to, text) {
      if (!text) return;
      const bytes = new TextEncoder().encode(text);
      const stream = to === "out" ? deno.stdout : deno.stderr;
      for (let at = 0; at < bytes.length;) at += await stream.write(bytes.subarray(at));
    },
    setExitCode(code) {
      deno.exitCode = code;
    },
  };
}

/** Imports a Node built-in by a name Deno's start-up graph does not follow. */
function builtin<T>(name: string): Promise<T> {
  return import(name);
}

async function nodeIo(): Promise<LeanIo> {
  const [{ default: process }, fs] = await Promise.all([
    builtin<{ default: typeof import("node:process") }>("node:process"),
    builtin<typeof import("node:fs")>("node:fs"),
  ]);
  return {
    env: { ...process.env },
    os: osFamily(process.platform),
    readStdin(timeoutMs) {
      const stream = process.stdin;
      if (stream.isTTY) return Promise.resolve("");
      return new Promise((resolve) => {
        const chunks: Uint8Array[] = [];
        const finish = () => {
          clearTimeout(timer);
          stream.off("data", onData);
          resolve(new TextDecoder().decode(concat(chunks)));
        };
        const onData = (c: Uint8Array) => void chunks.push(c);
        const timer = setTimeout(() => {
          finish();
          stream.destroy();
        }, timeoutMs);
        stream.on("data", onData);
        stream.once("end", finish);
        stream.once("error", finish);
      });
    },
    readText(path) {
      try {
        return fs.readFileSync(path, "utf8");
      } catch {
        return undefined;
      }
    },
    write(to, text) {
      if (!text) return Promise.resolve();
      const stream = to === "out" ? process.stdout : process.stderr;
      return new Promise((resolve) => stream.write(text, () => resolve()));
    },
    setExitCode(code) {
      process.exitCode = code;
    },
  };
}

/** The lean I/O of the running process. */
export function leanIo(): Promise<LeanIo> {
  return deno ? Promise.resolve(denoIo()) : nodeIo();
}
