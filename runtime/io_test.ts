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
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["eval", code], { stdio: ["pipe", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.on("error", reject);
    child.on("close", () => resolve(out.trim()));
    if (stdin !== undefined) child.stdin.end(stdin);
    else setTimeout(() => child.stdin.end(), 3000);
  });
}

test("a payload already piped is read even when the process was starved past the deadline", async () => {
  assert.equal(await starvedRead('{"tool_name":"Bash"}'), JSON.stringify('{"tool_name":"Bash"}'));
});

test("stdin held open with nothing sent still gives up after the deadline", async () => {
  assert.equal(await starvedRead(undefined), '""');
});
