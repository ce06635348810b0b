/**
 * The one place that asks which JavaScript runtime we are on, and the one
 * place that touches Deno's namespace (DESIGN §1). Everything else uses
 * `node:` built-ins, which both Deno and Node provide — except where Deno's
 * Node-compatibility layer costs too much, and the code below uses Deno's
 * own API instead: the hook and status-line entries' I/O ({@link denoIo}
 * behind edge/lean_io.ts: importing `node:fs` or `node:process` costs a cold
 * Deno start tens of milliseconds) and the `usage` scan's stats, folder
 * listings and kept-state reads ({@link denoStatFile}, {@link denoStatDir},
 * {@link denoReadDir}, {@link denoFs}).
 *
 * @module
 */

import { concat, kindOf, type LeanIo, osFamily, wholeObject } from "./_lean_io_parts.ts";

/** The runtimes we support. */
export type RuntimeName = "deno" | "node";

// deno-lint-ignore no-explicit-any
const deno: any = (globalThis as any).Deno;

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

/**
 * Under Deno, the `--allow-*` flags of `wanted` that are not granted
 * (`{ name: "read", path }` asks for one path); none on Node. A permission
 * in the `prompt` state counts as missing: a run without a terminal (or
 * with `--no-prompt`) is refused it.
 */
export function missingPermissions(
  wanted: readonly { name: "env" | "read" | "sys" | "write"; path?: string }[],
): string[] {
  const query = deno?.permissions?.querySync;
  if (!query) return [];
  const out: string[] = [];
  for (const w of wanted) {
    let state = "denied";
    try {
      state = query.call(deno.permissions, w).state;
    } catch { /* unknown: treated as missing */ }
    const flag = `--allow-${w.name}`;
    if (state !== "granted" && !out.includes(flag)) out.push(flag);
  }
  return out;
}

/** Whether `error` says the path is missing (or a part of it is not a folder). */
function missing(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return code === "ENOENT" || code === "ENOTDIR";
}

/** Deno's stat of `path`, undefined when it is missing; other errors throw. */
// deno-lint-ignore no-explicit-any
function statOrMissing(path: string): any {
  try {
    return deno.statSync(path);
  } catch (error) {
    if (missing(error)) return undefined;
    throw error;
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
 * call, a large share of a no-change `usage` re-scan's CPU (bench/README.md).
 * The mtime is the same whole millisecond both give on Deno.
 */
export function denoStatFile(): ((path: string) => FileStat | undefined) | undefined {
  if (!deno?.statSync) return undefined;
  return (path) => {
    const info = statOrMissing(path);
    if (!info?.isFile) return undefined;
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
    const info = statOrMissing(path);
    if (!info?.isDirectory) return undefined;
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
      if (missing(error)) return undefined;
      throw error;
    }
    return { names, kinds };
  };
}

/** The file reads a `usage` re-scan with nothing new makes (see {@link denoFs}). */
export interface LeanFs {
  /** A file's bytes; throws an error with a `code` (`ENOENT`…). */
  readFile(path: string): Uint8Array;
  /** A file's text (UTF-8); throws an error with a `code`. */
  readText(path: string): string;
  /** Whether `path` exists (following symlinks); false when it cannot be stat'ed. */
  exists(path: string): boolean;
  /**
   * The target of the symlink at `path`, or its size, mtime and inode as
   * `"<size>:<mtimeMs>:<ino>"` when it is not one; throws an error with a
   * `code` when it cannot be stat'ed.
   */
  linkOrStat(path: string): string;
}

/**
 * Under Deno, the reads of {@link LeanFs} through Deno's own API, else
 * undefined (use `node:fs`). A `usage` re-scan with nothing new reads its
 * kept state, a time zone link and a few host files; loading Deno's `node:fs`
 * for them would be a sizeable part of the re-scan (bench/README.md).
 */
export function denoFs(): LeanFs | undefined {
  if (!deno?.readFileSync) return undefined;
  return {
    readFile: (path) => deno.readFileSync(path),
    readText: (path) => deno.readTextFileSync(path),
    exists: (path) => {
      try {
        deno.statSync(path);
        return true;
      } catch {
        return false;
      }
    },
    linkOrStat: (path) => {
      const st = deno.lstatSync(path);
      return st.isSymlink
        ? deno.readLinkSync(path)
        : `${st.size}:${st.mtime?.getTime() ?? 0}:${Number(st.ino) || 0}`;
    },
  };
}

/**
 * A promise that resolves to `"timeout"` after `ms`, without holding the
 * process open once nothing else does (a hook whose host closed stdin exits
 * at once). `Atomics.waitAsync` on a cell no one notifies costs a cold Deno
 * start next to nothing (every Deno 2 has it); the alternatives do not:
 * since Deno 2.8 the global timers are Node's, and the first one loads
 * enough Node compatibility to cost a cold hook a large part of an empty
 * script's start-up, and `AbortSignal.timeout` with a listener is a large
 * share of a hook's own overhead (bench/README.md, bench/hook_bench.ts).
 */
function deadline(ms: number): Promise<"timeout"> {
  const wait = Atomics.waitAsync(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
  return Promise.resolve(wait.value).then(() => "timeout" as const);
}

/**
 * Reads Deno's stdin with plain reads: its web-stream reader's set-up costs
 * a cold start far more than a read loop (bench/README.md). The deadline is
 * {@link deadline}.
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
    if (wholeObject(chunks)) break;
  }
  return new TextDecoder().decode(concat(chunks));
}

/** `fcntl` commands that set and read a pipe's capacity (Linux). */
const F_SETPIPE_SZ = 1031;

/**
 * Under Deno on Linux with FFI allowed (`-A`, as serve runs), a function that
 * asks the kernel to make the pipe behind this process's file descriptor
 * `fd` hold `bytes` (`fcntl(F_SETPIPE_SZ)`, which Node's and Deno's `fs` do
 * not offer) and returns the capacity it got, or -1 when it refused (an
 * unprivileged user's pipes already hold `/proc/sys/fs/pipe-user-pages-soft`,
 * or `bytes` is over `/proc/sys/fs/pipe-max-size`); else undefined. Serve
 * widens the pipes to its server (runtime/serve_pipes.ts). Opening the C
 * library costs the first call a few milliseconds.
 */
export function denoPipeSizer(): ((fd: number, bytes: number) => number) | undefined {
  if (!deno?.dlopen || deno.build?.os !== "linux") return undefined;
  try {
    const libc = deno.dlopen("libc.so.6", {
      fcntl: { parameters: ["i32", "i32", "i32"], result: "i32" },
    });
    return (fd, bytes) => libc.symbols.fcntl(fd, F_SETPIPE_SZ, bytes) as number;
  } catch {
    return undefined; // no FFI permission, or no glibc
  }
}

/** The lean I/O of a Deno process. */
export function denoIo(): LeanIo {
  let env: Record<string, string> = {};
  try {
    env = deno.env.toObject();
  } catch { /* no env permission */ }
  let own = 0;
  const exit: (code: number) => never = deno.exit;
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
      own = code;
      deno.exitCode = code;
    },
    exit(code) {
      own = code;
      exit(code);
    },
    // Deno's `process.exit` ends in `Deno.exit` too. Replacing it costs a
    // cold start nothing; an `unload` listener would cost ~2.5 M
    // instructions (valgrind), as touching the global `process` would ~60 M.
    guardExit() {
      deno.exit = () => exit(own);
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
    // A listing, where the project-key walk would otherwise try a read that
    // usually fails: the first error a Deno process builds costs more than a listing.
    names(path) {
      try {
        const names: string[] = [];
        for (const e of deno.readDirSync(path)) names.push(e.name);
        return names;
      } catch {
        return undefined;
      }
    },
    cwd: () => deno.cwd(),
  };
}
