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

/** A regular file's size, mtime (ms) and inode (0 when the OS gives none). */
export interface FileStat {
  /** Bytes. */
  size: number;
  /** Last modification, ms since the epoch. */
  mtimeMs: number;
  /** Inode, 0 when unknown. */
  ino: number;
}

/**
 * Under Deno, a stat through Deno's own API, else undefined (use `node:fs`).
 * It returns undefined for a missing path or one that is not a regular file,
 * and throws an error with a `code` (`EACCES`, `ELOOP`…) otherwise. Deno's
 * `node:fs` `statSync` builds a full `Stats` (dates, getters) from the same
 * call: a no-change `usage` re-scan of ~8,000 files spent ~200 ms of CPU
 * more with it. The mtime is the same whole millisecond both give on Deno.
 */
export function denoStatFile(): ((path: string) => FileStat | undefined) | undefined {
  if (!deno?.statSync) return undefined;
  return (path) => {
    let info;
    try {
      info = deno.statSync(path);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === "ENOENT" || code === "ENOTDIR") return undefined;
      throw error;
    }
    if (!info.isFile) return undefined;
    return { size: info.size, mtimeMs: info.mtime?.getTime() ?? 0, ino: Number(info.ino) || 0 };
  };
}

/** A folder's mtime and ctime (ms) and inode (0 when the OS gives none). */
export interface DirStat {
  /** Last change of its entries (or a `utimes`), ms since the epoch. */
  mtimeMs: number;
  /**
   * Last change of the folder's inode (entries, mode, owner, times), ms since
   * the epoch. Deno 2.9 on Linux gives whole seconds that a `chmod` or
   * `utimes` does not move: compare it, never rely on it alone.
   */
  ctimeMs: number;
  /** Inode, 0 when unknown. */
  ino: number;
}

/**
 * Under Deno, a folder's stat through Deno's own API (see {@link denoStatFile}),
 * else undefined (use `node:fs`). It follows symlinks, returns undefined for a
 * missing path or one that is not a folder, and throws an error with a `code`
 * otherwise.
 */
export function denoStatDir(): ((path: string) => DirStat | undefined) | undefined {
  if (!deno?.statSync) return undefined;
  return (path) => {
    let info;
    try {
      info = deno.statSync(path);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === "ENOENT" || code === "ENOTDIR") return undefined;
      throw error;
    }
    if (!info.isDirectory) return undefined;
    return {
      mtimeMs: info.mtime?.getTime() ?? 0,
      ctimeMs: info.ctime?.getTime() ?? 0,
      ino: Number(info.ino) || 0,
    };
  };
}

/**
 * Under Deno, a folder's entries with their kinds through Deno's own API,
 * else undefined (use `node:fs`). It returns undefined for a missing path or
 * one that is not a folder, and throws an error with a `code` otherwise.
 */
export function denoReadDir():
  | ((path: string) => { names: string[]; kinds: string } | undefined)
  | undefined {
  if (!deno?.readDirSync) return undefined;
  return (path) => {
    const names: string[] = [];
    let kinds = "";
    try {
      for (const e of deno.readDirSync(path)) {
        names.push(e.name);
        kinds += e.isDirectory ? "d" : e.isFile ? "f" : e.isSymlink ? "l" : "o";
      }
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === "ENOENT" || code === "ENOTDIR") return undefined;
      throw error;
    }
    return { names, kinds };
  };
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
  /**
   * Appends `text` to a file (created when missing) opened with O_APPEND, in
   * one write for a regular file's small append; throws on failure.
   */
  appendText(path: string, text: string): void;
  /** Creates a folder and its parents; throws on failure. */
  mkdirp(path: string): void;
  /** What `path` is, or undefined when it cannot be stat'ed. */
  kind(path: string): "file" | "dir" | "other" | undefined;
  /** The process's working directory. */
  cwd(): string;
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
 * A promise that resolves to `"timeout"` after `ms`, without holding the
 * process open once nothing else does (a hook whose host closed stdin exits
 * at once). `Atomics.waitAsync` on a cell no one notifies costs a cold Deno
 * start next to nothing (every Deno 2 has it); the alternatives do not:
 * since Deno 2.8 the global timers are Node's, and the first one loads
 * enough Node compatibility to cost a cold hook about half of an empty
 * script's start-up, and `AbortSignal.timeout` with a listener cost a cold
 * hook ~3 M instructions, a sixth of its whole overhead (bench/hook_bench.ts).
 */
function deadline(ms: number): Promise<"timeout"> {
  const wait = Atomics.waitAsync(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
  return Promise.resolve(wait.value).then(() => "timeout" as const);
}

/**
 * Reads Deno's stdin with plain reads: its web-stream reader costs ~20 ms of
 * set-up on a cold start, a read loop ~1 ms. The deadline is {@link deadline}.
 */
async function denoStdin(timeoutMs: number): Promise<string> {
  if (deno.stdin.isTerminal?.()) return "";
  const chunks: Uint8Array[] = [];
  const timeout = deadline(timeoutMs);
  for (;;) {
    const buf = new Uint8Array(65536);
    const n = await Promise.race([deno.stdin.read(buf) as Promise<number | null>, timeout]);
    if (n === null) break;
    if (n === "timeout") {
      // The pending read would keep the process alive until the host
      // closes the pipe: closing stdin cancels it, so the hook still exits.
      try {
        deno.stdin.close();
      } catch { /* already closed */ }
      break;
    }
    chunks.push(buf.subarray(0, n));
  }
  return new TextDecoder().decode(concat(chunks));
}

/** What a stat result is. */
function kindOf(stat: { isFile: boolean; isDirectory: boolean }): "file" | "dir" | "other" {
  return stat.isFile ? "file" : stat.isDirectory ? "dir" : "other";
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
    // A synchronous write: the reply is small, and the first asynchronous
    // write costs a cold start more than the write itself.
    write(to, text) {
      if (!text) return Promise.resolve();
      const bytes = new TextEncoder().encode(text);
      const stream = to === "out" ? deno.stdout : deno.stderr;
      for (let at = 0; at < bytes.length;) at += stream.writeSync(bytes.subarray(at));
      return Promise.resolve();
    },
    setExitCode(code) {
      deno.exitCode = code;
    },
    appendText(path, text) {
      deno.writeTextFileSync(path, text, { append: true });
    },
    mkdirp(path) {
      deno.mkdirSync(path, { recursive: true });
    },
    kind(path) {
      try {
        return kindOf(deno.statSync(path));
      } catch {
        return undefined;
      }
    },
    cwd: () => deno.cwd(),
  };
}

/** Imports a Node built-in by a name Deno's start-up graph does not follow. */
function builtin<T>(name: string): Promise<T> {
  return import(name);
}

/** The error code of a failed Node call, if any. */
function codeOf(error: unknown): string | undefined {
  return (error as { code?: string } | null)?.code;
}

/** Reads a stream to its end (or the deadline): Node's stdin as a stream. */
function readStream(stream: NodeJS.ReadStream, timeoutMs: number): Promise<Uint8Array[]> {
  return new Promise((resolve) => {
    const chunks: Uint8Array[] = [];
    const finish = () => {
      clearTimeout(timer);
      stream.off("data", onData);
      resolve(chunks);
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
}

/**
 * Node's `process` and `fs`. The global `process` and
 * `process.getBuiltinModule` (Node ≥ 20.16) hand over the loaded objects;
 * `import("node:fs")` and `import("node:process")` would first wrap each in
 * an ES module, which costs a cold hook about as many instructions as
 * parsing all of its own code (valgrind, Node 20.20). Older Nodes import.
 */
async function nodeBuiltins(): Promise<{
  process: typeof import("node:process");
  fs: typeof import("node:fs");
}> {
  // deno-lint-ignore no-explicit-any
  const proc = (globalThis as any).process;
  if (typeof proc?.getBuiltinModule === "function") {
    return { process: proc, fs: proc.getBuiltinModule("node:fs") };
  }
  const [{ default: process }, fs] = await Promise.all([
    builtin<{ default: typeof import("node:process") }>("node:process"),
    builtin<typeof import("node:fs")>("node:fs"),
  ]);
  return { process, fs };
}

/**
 * Makes fd 0 non-blocking through a bare libuv pipe handle — what opening
 * `process.stdin` does too, without the `net` and stream modules that cost a
 * cold hook ~12.6 M instructions (valgrind, Node 20.20: an empty script that
 * only touches `process.stdin`). `pipe_wrap` is on Node's `process.binding`
 * allow-list, and libuv makes every pipe or socket it opens non-blocking;
 * the deprecation warning `--pending-deprecation` would print is held back.
 * The handle is never read, so it never keeps the process alive. False when
 * the binding is missing or refuses fd 0: the caller then opens
 * `process.stdin`.
 */
function nonBlockingFd0(process: typeof import("node:process")): boolean {
  // deno-lint-ignore no-explicit-any
  const proc = process as any;
  try {
    const quiet = proc.noDeprecation;
    proc.noDeprecation = true;
    let binding;
    try {
      binding = proc.binding("pipe_wrap");
    } finally {
      proc.noDeprecation = quiet;
    }
    const { Pipe, constants } = binding ?? {};
    if (typeof Pipe !== "function" || typeof constants?.SOCKET !== "number") return false;
    return new Pipe(constants.SOCKET).open(0) === 0;
  } catch {
    return false;
  }
}

/**
 * Node's lean I/O reads fd 0 and writes fds 1 and 2 directly: reading and
 * writing through `process.stdin`/`stdout` streams costs a cold hook ~15 ms
 * (bench/hook_bench.ts). A pipe or socket on fd 0 is made non-blocking
 * ({@link nonBlockingFd0}), so a payload the host already wrote is read at
 * once, synchronously, and one still to come (EAGAIN) is waited for through
 * the `process.stdin` stream until the deadline. Where that handle is not to
 * be had (and on Windows), opening `process.stdin` makes fd 0 non-blocking
 * and reads go through the thread pool; should a blocking read still be
 * pending at the deadline, it would keep the process alive, so after one
 * the exit code is set by exiting.
 */
async function nodeIo(): Promise<LeanIo> {
  const { process, fs } = await nodeBuiltins();
  let abandoned = false;
  const readFd0 = (timeoutMs: number) =>
    new Promise<Uint8Array[]>((resolve) => {
      const chunks: Uint8Array[] = [];
      let done = false;
      const finish = (more: Uint8Array[] = []) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        resolve([...chunks, ...more]);
      };
      const deadline = Date.now() + timeoutMs;
      const timer = setTimeout(() => {
        abandoned = true;
        finish();
      }, timeoutMs);
      const buf = new Uint8Array(64 * 1024);
      const next = () =>
        fs.read(0, buf, 0, buf.length, null, (error, n) => {
          if (done) return;
          if (codeOf(error) === "EAGAIN") {
            clearTimeout(timer);
            readStream(process.stdin, Math.max(0, deadline - Date.now())).then((more) => {
              done = false;
              finish(more);
            });
            done = true;
            return;
          }
          if (error || n === 0) return finish();
          chunks.push(buf.slice(0, n));
          next();
        });
      next();
    });
  // A file, or a pipe or socket made non-blocking: reads return what the
  // host wrote, 0 at its end, or EAGAIN while it has more to send.
  const readNonBlocking = async (timeoutMs: number) => {
    const chunks: Uint8Array[] = [];
    const buf = new Uint8Array(64 * 1024);
    for (;;) {
      let n: number;
      try {
        n = fs.readSync(0, buf, 0, buf.length, null);
      } catch (error) {
        if (codeOf(error) !== "EAGAIN") return chunks;
        return [...chunks, ...await readStream(process.stdin, timeoutMs)];
      }
      if (n === 0) return chunks;
      chunks.push(buf.slice(0, n));
    }
  };
  return {
    env: { ...process.env },
    os: osFamily(process.platform),
    async readStdin(timeoutMs) {
      try {
        const stat = fs.fstatSync(0);
        // A terminal (or /dev/null) is no payload.
        if (stat.isCharacterDevice()) return "";
        // A file never blocks a read; a pipe or socket made non-blocking neither.
        if (stat.isFile() || (process.platform !== "win32" && nonBlockingFd0(process))) {
          return new TextDecoder().decode(concat(await readNonBlocking(timeoutMs)));
        }
        // Opening Node's stdin handle makes a pipe or socket on fd 0
        // non-blocking, so no read below can block a thread: a blocked one
        // would keep the process from exiting even through process.exit.
        if (!stat.isFile() && !process.stdin) return "";
      } catch {
        return "";
      }
      return new TextDecoder().decode(concat(await readFd0(timeoutMs)));
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
      const bytes = new TextEncoder().encode(text);
      let at = 0;
      try {
        while (at < bytes.length) at += fs.writeSync(to === "out" ? 1 : 2, bytes, at);
        return Promise.resolve();
      } catch (error) {
        // A host that went away (EPIPE) gets nothing: hooks fail open.
        if (codeOf(error) !== "EAGAIN") return Promise.resolve();
        const stream = to === "out" ? process.stdout : process.stderr;
        return new Promise((resolve) => stream.write(bytes.subarray(at), () => resolve()));
      }
    },
    setExitCode(code) {
      process.exitCode = code;
      if (abandoned) process.exit(code);
    },
    appendText(path, text) {
      fs.appendFileSync(path, text);
    },
    mkdirp(path) {
      fs.mkdirSync(path, { recursive: true });
    },
    kind(path) {
      try {
        const stat = fs.statSync(path);
        return kindOf({ isFile: stat.isFile(), isDirectory: stat.isDirectory() });
      } catch {
        return undefined;
      }
    },
    cwd: () => process.cwd(),
  };
}

/** The lean I/O of the running process. */
export function leanIo(): Promise<LeanIo> {
  return deno ? Promise.resolve(denoIo()) : nodeIo();
}
