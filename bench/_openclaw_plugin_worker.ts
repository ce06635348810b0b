/**
 * The worker of bench/openclaw_plugin_bench.ts's "in a worker" case: runs the hook
 * entry in-process for each payload posted to it and posts the reply back —
 * what a plugin would do to keep the host's thread free and stay able to
 * terminate a handler that never returns.
 *
 * @module
 */

import { parentPort } from "node:worker_threads";
import { hookEntry } from "../runtime/hook_main.ts";

interface Job {
  payload: string;
  data: string;
  argv: string[];
}

const port = parentPort!;
port.on("message", async ({ payload, data, argv }: Job) => {
  let out = "";
  await hookEntry(argv, {
    readStdin: () => Promise.resolve(payload),
    out: (t) => Promise.resolve(void (out += t)),
    err: () => Promise.resolve(),
    readText: () => undefined,
    env: { AGENT_CONNECTOR_DATA_DIR: data },
    home: data,
    sep: "/",
  });
  port.postMessage(out);
});
