/**
 * {@link LeanIo} on Node, from the loaded built-ins (edge/lean_io.ts).
 *
 * @module
 */

import { concat, kindOf, type LeanIo, osFamily, wholeObject } from "./_lean_io_parts.ts";

/** Imports a Node built-in by a name Deno's start-up graph does not follow. */
function builtin<T>(name: string): Promise<T> {
  return import(name);
}

/** The error code of a failed Node call, if any. */
function codeOf(error: unknown): string | undefined {
  return (error as { code?: string } | null)?.code;
}

/**
 * Reads a stream to its end, the deadline, or a whole JSON object with the
 * `before` bytes already read (`wholeObject`): Node's stdin as a stream.
 */
function readStream(
  stream: NodeJS.ReadStream,
  timeoutMs: number,
  before: Uint8Array[] = [],
): Promise<Uint8Array[]> {
  return new Promise((resolve) => {
    const chunks: Uint8Array[] = [];
    const finish = () => {
      clearTimeout(timer);
      stream.off("data", onData);
      resolve(chunks);
    };
    const release = () => {
      finish();
      stream.destroy();
    };
    const onData = (c: Uint8Array) => {
      chunks.push(c);
      if (wholeObject([...before, ...chunks])) release();
    };
    const timer = setTimeout(release, timeoutMs);
    stream.on("data", onData);
    stream.once("end", finish);
    stream.once("error", finish);
  });
}

/**
 * Node's `process` and `fs`. The global `process` and
 * `process.getBuiltinModule` (Node ≥ 20.16) hand over the loaded objects;
 * `import("node:fs")` and `import("node:process")` would first wrap each in
 * an ES module, which costs a cold hook about as much as parsing all of its
 * own code (bench/README.md). Older Nodes import.
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
 * `process.stdin` does too, without the `net` and stream modules, whose
 * loading would be most of a cold hook's own cost (bench/README.md).
 * `pipe_wrap` is on Node's `process.binding`
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
 * writing through `process.stdin`/`stdout` streams loads Node's stream
 * machinery on every cold hook (bench/README.md). A pipe or socket on fd 0 is
 * made non-blocking
 * ({@link nonBlockingFd0}), so a payload the host already wrote is read at
 * once, synchronously, and one still to come (EAGAIN) is waited for through
 * the `process.stdin` stream until the deadline. Where that handle is not to
 * be had (and on Windows), opening `process.stdin` makes fd 0 non-blocking
 * and reads go through the thread pool; should a blocking read still be
 * pending at the deadline, it would keep the process alive, so after one
 * the exit code is set by exiting.
 */
export async function nodeIo(): Promise<LeanIo> {
  const { process, fs } = await nodeBuiltins();
  let abandoned = false;
  let own = 0;
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
            if (wholeObject(chunks)) return finish();
            readStream(process.stdin, Math.max(0, deadline - Date.now()), chunks).then((more) => {
              done = false;
              finish(more);
            });
            done = true;
            return;
          }
          if (error || n === 0) return finish();
          chunks.push(buf.slice(0, n));
          if (wholeObject(chunks)) return finish();
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
        if (codeOf(error) !== "EAGAIN" || wholeObject(chunks)) return chunks;
        return [...chunks, ...await readStream(process.stdin, timeoutMs, chunks)];
      }
      if (n === 0) return chunks;
      chunks.push(buf.slice(0, n));
      if (wholeObject(chunks)) return chunks;
    }
  };
  const kind = (path: string) => {
    try {
      const stat = fs.statSync(path);
      return kindOf({ isFile: stat.isFile(), isDirectory: stat.isDirectory() });
    } catch {
      return undefined;
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
      own = code;
      process.exitCode = code;
      if (abandoned) process.exit(code);
    },
    exit(code) {
      own = code;
      process.exit(code);
    },
    // `process.exit` emits `exit`, then exits with `process.exitCode` as the
    // listeners left it (Node's lib/internal/process/per_thread.js).
    guardExit() {
      process.on("exit", () => void (process.exitCode = own));
    },
    appendText(path, text) {
      fs.appendFileSync(path, text);
    },
    mkdirp(path) {
      mkdirEach(path, { kind, mkdir: (at) => fs.mkdirSync(at) });
    },
    kind,
    cwd: () => process.cwd(),
  };
}

/** A path's parent folder (`/a/b` → `/a`, `C:\a` → `C:\`); a root is its own parent. */
export function parentPath(path: string): string {
  let end = path.length;
  while (end > 1 && /[\\/]/.test(path[end - 1]) && !/^[A-Za-z]:[\\/]$/.test(path.slice(0, end))) {
    end--;
  }
  const trimmed = path.slice(0, end);
  const cut = Math.max(trimmed.lastIndexOf("/"), trimmed.lastIndexOf("\\"));
  if (cut < 0) return /^[A-Za-z]:$/.test(trimmed) ? trimmed : ".";
  if (cut === trimmed.length - 1) return trimmed; // "/" or "C:\"
  if (cut === 0) return trimmed[0];
  if (cut === 2 && /^[A-Za-z]:/.test(trimmed)) return trimmed.slice(0, 3);
  return trimmed.slice(0, cut);
}

/** The file-system calls {@link mkdirEach} makes. */
export interface MkdirCalls {
  /** What is at a path, or undefined when nothing is. */
  kind(path: string): "file" | "dir" | "other" | undefined;
  /** Creates one folder; throws Node-style errors (`code`). */
  mkdir(path: string): void;
}

/**
 * Creates `path` and its missing parents one folder at a time from the
 * outermost, as io/atomic_write.ts `ensureDir` does (here, in the Node half
 * the pre-linked entry keeps lazily compiled, without `node:path`). Not Node's
 * `mkdirSync(…, { recursive: true })`: Node 20 loops on it forever where a
 * file system refuses a folder whose parent exists (`/proc/x`: ENOENT, then
 * EEXIST for the parent, again and again). Here such a refusal throws an
 * error naming the folder, its `code` kept.
 */
export function mkdirEach(path: string, fs: MkdirCalls): void {
  const missing: string[] = [];
  for (let at = path;; at = parentPath(at)) {
    const kind = fs.kind(at);
    if (kind === "dir") break;
    if (kind !== undefined || parentPath(at) === at) {
      // Something else in the way: mkdir says what (EEXIST, ENOTDIR).
      fs.mkdir(missing.at(-1) ?? at);
      break;
    }
    missing.push(at);
  }
  for (const at of missing.reverse()) {
    try {
      fs.mkdir(at);
    } catch (error) {
      const code = (error as { code?: string } | null)?.code;
      if (code === "EEXIST" && fs.kind(at) === "dir") continue;
      if (code !== "ENOENT") throw error;
      throw Object.assign(
        new Error(
          `cannot create the folder ${at}: its file system does not allow new folders there`,
        ),
        { code, path: at },
      );
    }
  }
}
