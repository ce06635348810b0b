/**
 * The worker of bench/plugin_bench.ts's "in-process worker" case: the
 * connector module and the hook chain loaded once in a worker thread of the
 * host's process, one message per event. A thread can be terminated at a
 * deadline, unlike a handler on the host's own loop.
 *
 * @module
 */

import { importConnector } from "../runtime/connector_module.ts";
import { runHook } from "../runtime/dispatch.ts";
import { opencodeDialect } from "../adapters/dialects/opencode.ts";

interface Ask {
  module: string;
  stdin: string;
}

/** The worker's side of its channel (the global scope of a module worker). */
const scope = self as unknown as {
  onmessage: ((e: MessageEvent<Ask>) => void) | null;
  postMessage(message: unknown): void;
};

let connector: Awaited<ReturnType<typeof importConnector>> | undefined;

scope.onmessage = async (e: MessageEvent<Ask>) => {
  connector ??= await importConnector(e.data.module);
  const r = await runHook({
    connector,
    platform: "kilo-cli",
    event: "PreToolUse",
    stdin: e.data.stdin,
    dialect: opencodeDialect,
  });
  scope.postMessage(r.reply.stdout);
};
