import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import process from "node:process";

/** Runs a child that starves its own event loop past the stdin deadline, then reads stdin. */
function starvedRead(stdin: string | undefined): Promise<string> {
  const io = new URL("./io.ts", import.meta.url).href;
  const code = `import process from "node:process";
import { readAllText } from ${JSON.stringify(io)};
const p = readAllText(process.stdin, 200);
const until = Date.now() + 800; while (Date.now() < until) { /* starved */ }
console.log(JSON.stringify(await p));`;
  // The payload goes into the pipe from a shell's printf, which runs while the
  // runtime is still starting: written from this (busy) test process instead, it
  // could arrive after the child's starvation under heavy load, and the test
  // would measure the scheduler, not the deadline. The runtime and the code go
  // through the environment: Deno rewrites a child's arguments that name it.
  const args = stdin === undefined
    ? [process.execPath, "eval", code]
    : ["/bin/sh", "-c", 'printf %s "$AC_PAYLOAD" | exec "$AC_RUNTIME" eval "$AC_CODE"'];
  const env = {
    ...process.env,
    AC_PAYLOAD: stdin ?? "",
    AC_RUNTIME: process.execPath,
    AC_CODE: code,
  };
  return new Promise((resolve, reject) => {
    const child = spawn(args[0], args.slice(1), {
      stdio: ["pipe", "pipe", "inherit"],
      env,
    });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.on("error", reject);
    child.on("close", () => resolve(out.trim()));
    if (stdin !== undefined) child.stdin.end();
    else setTimeout(() => child.stdin.end(), 3000);
  });
}

test("a payload already piped is read even when the process was starved past the deadline", async () => {
  assert.equal(await starvedRead('{"tool_name":"Bash"}'), JSON.stringify('{"tool_name":"Bash"}'));
});

test("stdin held open with nothing sent still gives up after the deadline", async () => {
  assert.equal(await starvedRead(undefined), '""');
});
