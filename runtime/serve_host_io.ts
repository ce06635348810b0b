/**
 * serve's side facing the host: read what the host writes, write what the
 * server answers, with backpressure both ways.
 *
 * Two implementations of one interface, picked by runtime: Node's
 * `process.stdin`/`process.stdout` streams, and — on Deno, whose Node stream
 * layer costs about 0.15 ms more per round trip — plain reads of fd 0 and
 * blocking writes to fd 1 (measured: +0.08 ms over a direct connection
 * against +0.15 to +0.35 ms for the streams; Node cannot read a non-blocking
 * stdin pipe this way, it gets EAGAIN).
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

/** The host I/O of this process: fds on Deno, streams on Node. */
export function processHostIo(): HostIo {
  return runtimeName() === "deno" ? fdHostIo() : streamHostIo(process.stdin, process.stdout);
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
  let broken = false;
  let onBroken: () => void = () => {};
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
    writesAtOnce: true,
    write(chunk) {
      if (broken) return true;
      let off = 0;
      while (off < chunk.length) {
        try {
          off += writeSync(1, chunk, off, chunk.length - off);
        } catch (error) {
          // A non-blocking stdout that is full: wait a moment, as a blocking one would.
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
    stop: () => void (stopped = true),
  };
}
