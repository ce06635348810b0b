import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

const read = (rel: string) => readFileSync(new URL(`../${rel}`, import.meta.url), "utf8");
const pinned = read(".deno-version").trim();

/** The fenced shell lines of README's "The two commands" section. */
function readmeCommands(): string[] {
  const section = read("README.md").split(/^## /m).find((s) => s.startsWith("The two commands"));
  assert.ok(section, 'README.md has a "The two commands" section');
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? "";
  return block.split("\n").filter((line) => line.trim() && !line.startsWith("#"));
}

test(".deno-version pins one exact Deno version", () => {
  assert.match(pinned, /^\d+\.\d+\.\d+$/);
});

test("the README's two commands run the pinned Deno from npm", () => {
  const commands = readmeCommands();
  assert.equal(commands.length, 2);
  for (const line of commands) assert.ok(line.startsWith(`npx -y deno@${pinned} `), line);
  assert.equal(commands[1], `npx -y deno@${pinned} task test`);
  assert.match(commands[0], / usage report$/);
});

test(".ci/run runs the README's test command and every check with the pinned Deno", () => {
  const ci = read(".ci/run");
  const testCommand = readmeCommands()[1];
  assert.ok(ci.split("\n").includes(testCommand), `.ci/run runs "${testCommand}"`);
  assert.match(ci, /^DENO="npx -y deno@\$\(cat \.deno-version\)"$/m);
  for (
    const check of [
      "task check",
      "lint",
      "fmt --check",
      "doc --lint",
      "task publish --dry-run --allow-dirty",
    ]
  ) {
    assert.match(
      ci,
      new RegExp(`^\\$DENO ${check.replace(/[.*+?^${}()|[\]\\-]/g, "\\$&")}`, "m"),
      check,
    );
  }
});

test("no other file names a different Deno version", () => {
  for (const rel of ["README.md", ".ci/run", "deno.json"]) {
    for (const match of read(rel).matchAll(/deno@(\d+\.\d+\.\d+)/g)) {
      assert.equal(match[1], pinned, `${rel} names deno@${match[1]}`);
    }
  }
});
