/**
 * A stand-in home binary for the generated plugin bridges' tests
 * (adapters/render/hook_serve_client.ts): run as `hook-serve` it speaks
 * runtime/hook_serve.ts's line protocol, answering each request with what
 * the test's `answer` function returns; run as anything else it runs the
 * test's `other` function (an action, say).
 *
 * @module
 */

import { writeFileSync } from "node:fs";

/** The JavaScript of the stand-in's two functions, as source text. */
export interface HookServeStandIn {
  /**
   * `async (args, stdin) => reply`: `args` is `[host, event, "--connector",
   * id]`, `stdin` the payload's text; a string is the reply `hook` would
   * print, `undefined` answers never (a stuck handler). It may call
   * `process.exit` (a crashing handler).
   */
  answer: string;
  /** `(argv) => void` for any other command; default: exit 2. */
  other?: string;
}

/** Writes the stand-in at `file` (executable, run by `node`) and returns `file`. */
export function writeHookServeStandIn(file: string, fns: HookServeStandIn): string {
  writeFileSync(
    file,
    `#!/usr/bin/env node
const answer = ${fns.answer};
const other = ${fns.other ?? "() => process.exit(2)"};
if (process.argv[2] !== "hook-serve") {
  other(process.argv.slice(2));
} else {
  require("node:readline").createInterface({ input: process.stdin }).on("line", async (line) => {
    const { n, args, stdin } = JSON.parse(line);
    const stdout = await answer(args, stdin);
    if (stdout !== undefined) process.stdout.write(JSON.stringify({ n, stdout }) + "\\n");
  });
}
`,
    { mode: 0o755 },
  );
  return file;
}
