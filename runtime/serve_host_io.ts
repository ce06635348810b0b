/**
 * serve's side facing the host: read what the host writes, write what the
 * server answers, with backpressure both ways.
 *
 * One interface on both runtimes. Writing goes to fd 1 with blocking
 * `writeSync` calls ({@link fdWriter}): the host's pipe holds 64 KiB, and a
 * host that reads slower than the server answers then makes serve wait in
 * the write instead of queueing chunks (a stream queues them, which costs a
 * fresh buffer per queued chunk and a wake-up per drain). The wait is the
 * back-pressure: nothing is read from the server meanwhile. Reading goes
 * through a pipe socket read into one reused buffer
 * (runtime/serve_child_read.ts): Node's `process.stdin` is one; on Deno,
 * whose `process.stdin` is not, a `net.Socket` opened on fd 0 is, and its
 * reads run on the main thread's event loop. Deno's `fs.read` on fd 0, used
 * before, costs a `dup`, a `close` and a hand-off to a blocking thread and
 * back per read, about twice or three times the socket's CPU per byte
 * (bench/README.md).
 * It stays as the fallback ({@link fdHostIo}) where fd 0 is a file, a
 * terminal, or the same pipe or socket as fd 1 (the socket makes its fd
 * non-blocking, which would make fd 1 so too). Tests use
 * {@link streamHostIo} over any pair of streams.
 *
 * @module
 */

import { fstatSync, read as readFd, writeSync } from "node:fs";
import { Socket } from "node:net";
import process from "node:process";
import type { Readable, Writable } from "node:stream";
import { runtimeName } from "../edge/runtime_info.ts";
import { readIntoReusedBuffer } from "./serve_child_read.ts";

/** What the proxy does with the host's bytes. */
export interface HostReadHandlers {
  /**
   * A chunk the host wrote. The proxy may keep it until it calls `release`
   * (when given), after which the buffer is reused.
   */
  chunk(chunk: Uint8Array, release?: () => void): void;
  /** The host closed its end (or reading failed). */
  end(): void;
  /**
   * True while the last chunk is still referenced after `chunk` returned
   * (its write to the server is queued). Given, a stream host may read into
   * one reused buffer (runtime/serve_child_read.ts) and pass views of it.
   */
  held?(): boolean;
}

/** The host's end of the pipe. */
export interface HostIo {
  /** Starts reading; chunks arrive until `end`. */
  read(handlers: HostReadHandlers): void;
  /** Stops delivering chunks until {@link HostIo.resume}. */
  pause(): void;
  /** Delivers chunks again. */
  resume(): void;
  /** Writes a server chunk; false means wait for {@link HostIo.onDrain}. */
  write(chunk: Uint8Array): boolean;
  /**
   * True when {@link HostIo.write} is done with the chunk when it returns,
   * so the caller may reuse the chunk's memory at once.
   */
  readonly writesAtOnce?: boolean;
  /** True while a chunk given to {@link HostIo.write} is still referenced (queued). */
  holdsWrites?(): boolean;
  /** Calls `cb` once the host has taken what was written. */
  onDrain(cb: () => void): void;
  /** Calls `cb` when the host stops reading (EPIPE). */
  onBroken(cb: () => void): void;
  /** Resolves once everything written has been handed to the OS. */
  flush(): Promise<void>;
  /** Stops reading for good. */
  stop(): void;
}

/** The host I/O of this process: fd 0 as a pipe socket where it is one, and fd 1. */
export function processHostIo(): HostIo {
  if (runtimeName() === "deno") {
    if (!ownPipeOnStdin()) return fdHostIo();
    // Opened at the first read, never before: a socket starts reading at
    // once, and a server given our stdio (telemetry off) must get every byte.
    let reader: StreamReader | undefined;
    return {
      read(handlers) {
        reader = streamReader(socketOnStdin());
        reader.read(handlers);
      },
      pause: () => reader?.pause(),
      resume: () => reader?.resume(),
      stop: () => reader?.stop(),
      ...fdWriter(1),
    };
  }
  // Node made fd 1 non-blocking when `process.stdout` was first touched (the
  // CLI context reads its isTTY): make it blocking again, so a write waits
  // for the host instead of failing with EAGAIN.
  const stdout = process.stdout as unknown as {
    _handle?: { setBlocking?: (on: boolean) => number };
  };
  stdout._handle?.setBlocking?.(true);
  return { ...streamReader(process.stdin), ...fdWriter(1) };
}

/**
 * A socket reading fd 0 that never closes it: the next file this process
 * opened would get number 0 (the telemetry store's, from the worker thread,
 * whose writes to it then failed with "unsupported", Deno's fs taking 0 for
 * stdin). Its handle only stops reading where it would close.
 */
function socketOnStdin(): Readable {
  const socket = new Socket({ fd: 0, readable: true, writable: false });
  const handle = (socket as unknown as { _handle?: PipeHandle })._handle;
  if (handle && typeof handle.close === "function") {
    handle.close = (done) => {
      handle.readStop?.();
      if (done) queueMicrotask(done);
    };
  }
  return socket;
}

/** The part of a pipe socket's handle {@link socketOnStdin} changes. */
interface PipeHandle {
  close(done?: () => void): void;
  readStop?(): void;
}

/**
 * True when fd 0 is a pipe or a socket that fd 1 is not: a socket reading
 * it makes it non-blocking, and fd 1's writes must keep blocking.
 */
function ownPipeOnStdin(): boolean {
  try {
    const input = fstatSync(0);
    if (!input.isFIFO() && !input.isSocket()) return false;
    const output = fstatSync(1);
    return input.dev !== output.dev || input.ino !== output.ino;
  } catch {
    return false;
  }
}

/** The writing half of a {@link HostIo} over a file descriptor. */
export type FdWriter = Pick<HostIo, "write" | "writesAtOnce" | "onDrain" | "onBroken" | "flush">;

/**
 * Writes to `fd` with `writeSync`, whole chunks at a time: each write is done
 * with the chunk when it returns (`writesAtOnce`). A non-blocking fd that is
 * full is waited on a millisecond at a time, as a blocking one would be; any
 * other error (EPIPE: the host stopped reading) makes it broken, and later
 * chunks are dropped.
 */
export function fdWriter(fd: number): FdWriter {
  let broken = false;
  let onBroken: () => void = () => {};
  return {
    writesAtOnce: true,
    write(chunk) {
      if (broken) return true;
      let off = 0;
      while (off < chunk.length) {
        try {
          off += writeSync(fd, chunk, off, chunk.length - off);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === "EAGAIN") {
            Atomics.wait(PAUSE, 0, 0, 1);
            continue;
          }
          broken = true;
          onBroken();
          break;
        }
      }
      return true;
    },
    onDrain: (cb) => void queueMicrotask(cb),
    onBroken: (cb) => void (onBroken = cb),
    flush: () => Promise.resolve(),
  };
}

/** The reading half of a {@link HostIo} over a Node stream. */
type StreamReader = Pick<HostIo, "read" | "pause" | "resume" | "stop">;

/** Reads `stdin`: a pipe socket into a reused buffer, any other stream by its `data` events. */
function streamReader(stdin: Readable): StreamReader {
  let paused = false;
  return {
    read(handlers) {
      // A pipe socket reads into a reused buffer (fresh memory per read is
      // mostly page faults); returning false pauses it like `pause()`.
      const reused = handlers.held !== undefined &&
        readIntoReusedBuffer(stdin, (chunk, release) => {
          handlers.chunk(chunk, release);
          return !paused;
        }, { held: handlers.held });
      // Node's own stdin socket waits for a reader to start it.
      if (reused) stdin.resume();
      else stdin.on("data", (chunk: Uint8Array) => handlers.chunk(chunk));
      stdin.once("end", () => handlers.end());
      stdin.once("error", () => handlers.end());
    },
    pause() {
      paused = true;
      stdin.pause();
    },
    resume() {
      paused = false;
      stdin.resume();
    },
    stop: () => void stdin.pause(),
  };
}

/** Host I/O over Node streams. */
export function streamHostIo(stdin: Readable, stdout: Writable): HostIo {
  let broken = false;
  return {
    ...streamReader(stdin),
    write: (chunk) => broken || stdout.write(chunk),
    // A write that finished at once has left the stream's queue already.
    holdsWrites: () => !broken && stdout.writableLength > 0,
    onDrain: (cb) => void stdout.once("drain", cb),
    onBroken(cb) {
      stdout.on("error", () => {
        broken = true;
        cb();
      });
    },
    flush: () =>
      new Promise((resolve) => {
        if (broken || !stdout.writableNeedDrain) resolve();
        else stdout.once("drain", () => resolve());
      }),
  };
}

const PAUSE = new Int32Array(new SharedArrayBuffer(4));
const READ_BYTES = 65_536;
const POOL_SIZE = 64;

/** Host I/O over fd 0 and fd 1 with plain reads (Deno, where fd 0 is no pipe socket). */
export function fdHostIo(): HostIo {
  let paused = false;
  let stopped = false;
  let waiting = false;
  let handlers: HostReadHandlers | undefined;
  const pool: Uint8Array[] = [];
  const next = () => {
    if (paused || stopped || waiting || !handlers) return;
    waiting = true;
    // Buffers come back once the server's stdin has written them: fresh
    // memory costs page faults.
    const buf = pool.pop() ?? new Uint8Array(READ_BYTES);
    readFd(0, buf, 0, buf.length, null, (error, n) => {
      waiting = false;
      if (stopped) return;
      if (error || n === 0) {
        stopped = true;
        handlers!.end();
        return;
      }
      handlers!.chunk(buf.subarray(0, n), () => {
        if (pool.length < POOL_SIZE) pool.push(buf);
      });
      next();
    });
  };
  return {
    read(h) {
      handlers = h;
      next();
    },
    pause: () => void (paused = true),
    resume() {
      paused = false;
      next();
    },
    stop: () => void (stopped = true),
    ...fdWriter(1),
  };
}
