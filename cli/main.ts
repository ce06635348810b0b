#!/usr/bin/env node
/**
 * The `agent-connector` executable. `hook`, `hook-serve`, `statusline` and `usage-event` —
 * what hosts run on every event — go straight to the lean runtime entry; the CLI table is
 * imported lazily, so it is not even part of the module graph a hook call
 * loads (DESIGN §5: a hook stays within 15 ms of an empty script). Nothing
 * here imports a `node:` built-in.
 *
 * @module
 */

import { importLazily } from "../core/lazy_import.ts";
import { leanIo } from "../edge/lean_io.ts";
import { processArgs } from "../edge/runtime_info.ts";

const argv = processArgs();
// `hook --help` is a person asking, not a host: the full CLI prints the help.
const end = argv.indexOf("--");
const asksHelp = argv.slice(1, end === -1 ? undefined : end).some((a) =>
  a === "--help" || a === "-h"
);

if (!asksHelp && (argv[0] === "hook" || argv[0] === "statusline")) {
  const entry = await import("../runtime/hook_main.ts");
  const io = await entry.processIo();
  const run = argv[0] === "hook" ? entry.hookEntry : entry.statuslineEntry;
  // Not awaited: a handler whose promise can never settle then ends the process with
  // exit 0 and no output (fail-open), where a pending top-level await is an error
  // (Deno exited 1 with "Top-level await promise never resolved", which hosts show).
  // Once the reply is written the process exits: a timer or socket a handler
  // left open must not keep the host waiting.
  run(argv.slice(1), io).then((code) => io.end(code));
} else if (!asksHelp && argv[0] === "hook-serve") {
  // A plugin host's long-lived hook process (runtime/hook_serve.ts). Loaded lazily, so
  // it stays out of the graph a single hook call loads.
  const { hookServeEntry } = await importLazily<typeof import("../runtime/hook_serve.ts")>(
    "../runtime/hook_serve.ts",
    import.meta.url,
  );
  await hookServeEntry();
} else if (!asksHelp && argv[0] === "usage-event") {
  // Fires on every model turn (every streamed chunk on Gemini CLI): lean too.
  // Loaded lazily, so its store modules stay out of the graph a hook call loads.
  const { usageEventEntry } = await importLazily<typeof import("../runtime/usage_event.ts")>(
    "../runtime/usage_event.ts",
    import.meta.url,
  );
  const io = await leanIo();
  io.setExitCode(
    await usageEventEntry(argv.slice(1), {
      readStdin: () => io.readStdin(10_000),
      env: io.env,
      home: io.env.HOME || io.env.USERPROFILE || "",
    }),
  );
} else {
  const { cliMain } = await importLazily<typeof import("./_cli_main.ts")>(
    "./_cli_main.ts",
    import.meta.url,
  );
  await cliMain(argv);
}
