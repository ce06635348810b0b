#!/usr/bin/env node
/**
 * The `agent-connector` executable. `hook` and `statusline` — what hosts run
 * on every event — go straight to the lean runtime entry, before the CLI
 * table or anything else is loaded (DESIGN §5: the hook budget is 15 ms over
 * an empty script).
 *
 * @module
 */

import process from "node:process";

const argv = process.argv.slice(2);
if (argv[0] === "hook" || argv[0] === "statusline") {
  const entry = await import("../runtime/hook_main.ts");
  const run = argv[0] === "hook" ? entry.hookEntry : entry.statuslineEntry;
  process.exitCode = await run(argv.slice(1));
} else {
  const [{ CLI_NAME, VERSION }, { processContext }, { runCli }] = await Promise.all([
    import("../core/version.ts"),
    import("./_context.ts"),
    import("./run.ts"),
  ]);
  process.exitCode = await runCli(argv, processContext({ name: CLI_NAME, version: VERSION }));
}
