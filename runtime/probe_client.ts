/**
 * A minimal newline-delimited JSON-RPC client over a spawned server's stdio,
 * for `doctor --probe`: requests with a timeout each, notifications, and a
 * polite `Method not found` answer to any request the server sends (a probe
 * declares no client capabilities). No SDK: node built-ins only.
 *
 * @module
 */

import type { ChildProcessByStdio } from "node:child_process";
import process from "node:process";
import type { Readable, Writable } from "node:stream";

/** A JSON-RPC error the server answered with. */
export class RpcError extends Error {
  /** The JSON-RPC error code. */
  readonly code: number;
  /** Creates the error. */
  constructor(code: number, message: string) {
    super(message);
    this.name = "RpcError";
    this.code = code;
  }
}

/** The server did not answer in time, or went away first. */
export class ProbeFailure extends Error {
  /** Creates the error. */
  constructor(message: string) {
    super(message);
    this.name = "ProbeFailure";
  }
}

/** A connection to one spawned server. */
export class ProbeClient {
  readonly #child: ChildProcessByStdio<Writable, Readable, Readable | null>;
  readonly #waiting = new Map<number, (m: Record<string, unknown>) => void>();
  #nextId = 1;
  #buffer = "";
  #exited: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  #spawnError: Error | undefined;
  #onGone: Array<() => void> = [];

  /**
   * Wraps `child`; reads its stdout from now on. Its stderr goes to
   * `onStderr` as text, or is drained when there is none.
   */
  constructor(
    child: ChildProcessByStdio<Writable, Readable, Readable | null>,
    onStderr?: (text: string) => void,
  ) {
    this.#child = child;
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (text: string) => this.#read(text));
    child.stdin.on("error", () => {});
    if (onStderr && child.stderr) {
      child.stderr.setEncoding("utf8");
      child.stderr.on("data", onStderr);
    } else child.stderr?.resume(); // drained
    child.once("error", (error) => {
      this.#spawnError = error;
      this.#gone();
    });
    child.once("exit", (code, signal) => {
      this.#exited = { code, signal };
      this.#gone();
    });
  }

  /** Why the server is gone, if it is. */
  get ended(): string | undefined {
    if (this.#spawnError) {
      const e = this.#spawnError as NodeJS.ErrnoException;
      return e.code === "ENOENT" ? "command not found" : e.message;
    }
    if (!this.#exited) return undefined;
    return this.#exited.signal
      ? `the server was ended by ${this.#exited.signal}`
      : `the server exited with code ${this.#exited.code}`;
  }

  #gone(): void {
    for (const f of this.#onGone.splice(0)) f();
  }

  #read(text: string): void {
    this.#buffer += text;
    let cut;
    while ((cut = this.#buffer.indexOf("\n")) !== -1) {
      const line = this.#buffer.slice(0, cut);
      this.#buffer = this.#buffer.slice(cut + 1);
      let m: Record<string, unknown>;
      try {
        m = JSON.parse(line);
      } catch {
        continue; // a log line on stdout: not ours to judge here
      }
      if (typeof m.method === "string" && m.id !== undefined) {
        this.#send({
          jsonrpc: "2.0",
          id: m.id,
          error: { code: -32601, message: "Method not found" },
        });
      } else if (typeof m.id === "number" && !("method" in m)) {
        this.#waiting.get(m.id)?.(m);
      }
    }
  }

  #send(message: unknown): void {
    if (this.#exited || this.#spawnError) return;
    this.#child.stdin.write(JSON.stringify(message) + "\n");
  }

  /** Sends a notification. */
  notify(method: string, params?: unknown): void {
    this.#send({ jsonrpc: "2.0", method, ...(params === undefined ? {} : { params }) });
  }

  /**
   * Sends a request; resolves with its result, rejects with {@link RpcError}
   * for an error answer or {@link ProbeFailure} on timeout or exit.
   */
  request(method: string, params: unknown, timeoutMs: number): Promise<unknown> {
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        this.#waiting.delete(id);
        this.#onGone = this.#onGone.filter((f) => f !== onGone);
      };
      const onGone = () => {
        done();
        reject(new ProbeFailure(`${this.ended} before answering ${method}`));
      };
      const timer = setTimeout(() => {
        done();
        reject(new ProbeFailure(`no answer to ${method} within ${timeoutMs / 1000} s`));
      }, timeoutMs);
      this.#waiting.set(id, (m) => {
        done();
        const error = m.error as { code?: number; message?: string } | undefined;
        if (error) reject(new RpcError(error.code ?? 0, error.message ?? "error"));
        else resolve(m.result);
      });
      if (this.ended) return onGone();
      this.#onGone.push(onGone);
      this.#send({ jsonrpc: "2.0", id, method, ...(params === undefined ? {} : { params }) });
    });
  }

  /** Closes stdin, then ends the server if it lingers. Resolves once it is gone. */
  async close(graceMs = 2_000): Promise<void> {
    if (this.ended) return;
    const gone = new Promise<void>((resolve) => this.#onGone.push(resolve));
    this.#child.stdin.end();
    const wait = (ms: number) =>
      Promise.race([gone, new Promise<void>((r) => setTimeout(r, ms).unref?.())]);
    await wait(graceMs);
    for (const signal of ["SIGTERM", "SIGKILL"] as const) {
      if (this.ended || this.#child.pid === undefined) return;
      try {
        process.kill(this.#child.pid, signal);
      } catch { /* already gone */ }
      await wait(graceMs);
    }
  }
}
