/**
 * serve's side facing the host: read what the host writes, write what the
 * server answers, with backpressure both ways.
 *
 * One interface, picked by runtime. Both write to fd 1 with blocking
 * `writeSync` calls ({@link fdWriter}): the host's pipe holds 64 KiB, and a
 * host that reads slower than the server answers then makes serve wait in
 * the write instead of queueing chunks (a stream queues them, which costs a
 * fresh buffer per queued chunk and a wake-up per drain). The wait is the
 * back-pressure: nothing is read from the server meanwhile. Reading differs:
 * Deno, whose Node stream layer costs about 0.15 ms more per round trip,
 * reads fd 0 with plain reads (measured: +0.08 ms over a direct connection
 * against +0.15 to +0.35 ms for the streams); Node reads `process.stdin` as a
 * stream (it cannot read a non-blocking stdin pipe with `fs.read`: EAGAIN).
 * Tests use {@link streamHostIo} over any pair of streams.
 *
 * @module
 */

import { read as readFd, writeSync } from "node:fs";
import process from "node:process";
import type { Readable, Writable } from "node:stream";
import { runtimeName } from "../core/runtime_info.ts";
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

/** The host I/O of this process: fd 0 and fd 1 on Deno; stdin's stream and fd 1 on Node. */
export function processHostIo(): HostIo {
  if (runtimeName() === "deno") return fdHostIo();
  // Node made fd 1 non-blocking when `process.stdout` was first touched (the
  // CLI context reads its isTTY): make it blocking again, so a write waits
  // for the host instead of failing with EAGAIN.
  const stdout = process.stdout as unknown as {
    _handle?: { setBlocking?: (on: boolean) => number };
  };
  stdout._handle?.setBlocking?.(true);
  const writer = fdWriter(1);
  const streams = streamHostIo(process.stdin, process.stdout);
  return {
    read: streams.read,
    pause: streams.pause,
    resume: streams.resume,
    stop: streams.stop,
    ...writer,
  };
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

/** Host I/O over Node streams. */
export function streamHostIo(stdin: Readable, stdout: Writable): HostIo {
  let broken = false;
  let paused = false;
  return {
    read(handlers) {
      // A pipe socket reads into a reused buffer (fresh memory per read is
      // mostly page faults); returning false pauses it like `pause()`.
      const reused = handlers.held !== undefined &&
        readIntoReusedBuffer(stdin, (chunk) => {
          handlers.chunk(chunk);
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
    stop: () => void stdin.pause(),
  };
}

const PAUSE = new Int32Array(new SharedArrayBuffer(4));
const READ_BYTES = 65_536;
const POOL_SIZE = 64;

/** Host I/O over fd 0 and fd 1 (Deno). */
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
    // memory costs page faults (4–10 ms per MiB measured here).
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
