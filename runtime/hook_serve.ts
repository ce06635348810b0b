/**
 * `agent-connector hook-serve`: the hook entry kept running for a plugin
 * host (every ts-plugin host: the client is adapters/render/hook_serve_client.ts).
 * A generated plugin starts it once, on its first event, instead of one
 * `hook` process per event (the costs: bench/README.md), and keeps the
 * isolation of a process of its own: a handler that loops, crashes or calls
 * `process.exit` stops this process, never the host, and the plugin then
 * answers nothing for the events in flight (fail-open) and starts a new one.
 *
 * Protocol, one JSON object per line each way: in
 * `{"n": <number>, "args": ["<platform>", "<event>", "--connector", "<id>"],
 * "stdin": "<payload text>"}`, out `{"n": <number>, "stdout": "<reply>"}`.
 * Each request is exactly one `hook` call ({@link hookEntry}: the same
 * connector lookup, dialect, deadline and telemetry row), its payload given
 * as stdin; requests run concurrently and replies come as they finish.
 * The process ends when its stdin closes (the host went away).
 *
 * @module
 */

import { createInterface } from "node:readline";
import process from "node:process";
import { type EntryIo, hookEntry, processIo } from "./hook_main.ts";

interface Request {
  n: number;
  args: string[];
  stdin: string;
}

function request(line: string): Request | undefined {
  try {
    const v = JSON.parse(line);
    return typeof v?.n === "number" && Array.isArray(v.args) && typeof v.stdin === "string" &&
        v.args.every((a: unknown) => typeof a === "string")
      ? v
      : undefined;
  } catch {
    return undefined;
  }
}

/** Serves hook calls from stdin until it closes; resolves to the exit code. */
export async function hookServeEntry(): Promise<number> {
  const io = await processIo();
  const write = (text: string) =>
    new Promise<void>((resolve) => process.stdout.write(text, () => resolve()));
  const one = async (req: Request) => {
    let stdout = "";
    const call: EntryIo = {
      readStdin: () => Promise.resolve(req.stdin),
      out: (text) => {
        stdout += text;
        return Promise.resolve();
      },
      err: () => Promise.resolve(),
      readText: io.readText,
      env: io.env,
      home: io.home,
      sep: io.sep,
      files: io.files,
      startedAt: performance.now(),
      // A handler past its deadline keeps running here; the call answers nothing.
      abandon: () => {},
    };
    await hookEntry(req.args, call);
    await write(JSON.stringify({ n: req.n, stdout }) + "\n");
  };
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    const req = request(line);
    if (req) void one(req);
  }
  return 0;
}
