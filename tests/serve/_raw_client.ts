/**
 * A bare line-delimited JSON-RPC client over a child's stdio, for tests that
 * need exact control of bytes and timing (faults, concurrency).
 *
 * @module
 */

import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";

/** A running child with helpers to talk to it. */
export interface RawSession {
  /** The child process. */
  child: ChildProcessWithoutNullStreams;
  /** Every byte the child wrote to stdout so far. */
  stdout(): Buffer;
  /** Everything the child wrote to stderr so far. */
  stderr(): string;
  /** Writes one JSON-RPC message (as a line) or raw text. */
  send(message: unknown): void;
  /** Sends a request and resolves with the parsed response of the same id. */
  request(id: number, method: string, params?: unknown): Promise<Record<string, unknown>>;
  /** Resolves with the exit code and signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts `command` and returns a session. */
export function startRaw(command: readonly string[], env: Record<string, string>): RawSession {
  const child = spawn(command[0], command.slice(1), { env, stdio: ["pipe", "pipe", "pipe"] });
  const out: Buffer[] = [];
  let err = "";
  let pending = "";
  const waiters = new Map<number, (m: Record<string, unknown>) => void>();
  child.stdout.on("data", (chunk: Buffer) => {
    out.push(chunk);
    pending += chunk.toString("latin1");
    let cut;
    while ((cut = pending.indexOf("\n")) !== -1) {
      const line = Buffer.from(pending.slice(0, cut), "latin1").toString("utf8");
      pending = pending.slice(cut + 1);
      try {
        const message = JSON.parse(line);
        const waiter = waiters.get(message.id);
        if (waiter && message.method === undefined) {
          waiters.delete(message.id);
          waiter(message);
        }
      } catch { /* not JSON: kept in stdout() */ }
    }
  });
  child.stderr.on("data", (chunk: Buffer) => void (err += chunk.toString("utf8")));
  child.stdin.on("error", () => {});
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("close", (code, signal) => resolve({ code, signal }))
  );
  const send = (message: unknown) =>
    child.stdin.write(typeof message === "string" ? message : JSON.stringify(message) + "\n");
  return {
    child,
    stdout: () => Buffer.concat(out),
    stderr: () => err,
    send,
    request(id, method, params) {
      return new Promise((resolve) => {
        waiters.set(id, resolve);
        send({ jsonrpc: "2.0", id, method, ...(params === undefined ? {} : { params }) });
      });
    },
    exited,
  };
}
