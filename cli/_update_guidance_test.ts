import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { unstableEntryNote, updateGuidance } from "./_update_guidance.ts";

const PKG = join("node_modules", "@ken-jo", "agent-connector");

/** A temp folder with `files` (relative paths) created empty. */
function tree(files: string[]): { dir: string; done: () => void } {
  const dir = mkdtempSync(join(tmpdir(), "ac-guide-"));
  for (const f of files) {
    mkdirSync(join(dir, f, ".."), { recursive: true });
    writeFileSync(join(dir, f), "{}");
  }
  return { dir, done: () => rmSync(dir, { recursive: true, force: true }) };
}

test("a package installed in a project is updated in that project, not globally", () => {
  const { dir, done } = tree(["app/package.json", join("app", PKG, "cli", "main.js")]);
  try {
    const text = updateGuidance(join(dir, "app", PKG, "cli", "main.js"), "stable");
    assert.equal(
      text,
      `To update agent-connector itself: npm i @ken-jo/agent-connector@latest in ${
        join(dir, "app")
      }, then run \`npx agent-connector upgrade\` there`,
    );
    assert.doesNotMatch(text, / -g /);
  } finally {
    done();
  }
});

test("a global npm install is updated with npm i -g, on the channel's dist-tag", () => {
  const { dir, done } = tree([join("usr", "lib", PKG, "cli", "main.js")]);
  try {
    assert.equal(
      updateGuidance(join(dir, "usr", "lib", PKG, "cli", "main.js"), "latest"),
      "To update agent-connector itself: npm i -g @ken-jo/agent-connector@next, then run `agent-connector upgrade`",
    );
  } finally {
    done();
  }
});

test("a copy npx fetched is updated by running the newer one through npx", () => {
  const entry = join("/root", ".npm", "_npx", "4f2a", PKG, "cli", "main.js");
  assert.equal(
    updateGuidance(entry, "stable"),
    "To update agent-connector itself: npx -y @ken-jo/agent-connector@latest upgrade",
  );
});

test("a checkout is updated where it is", () => {
  assert.equal(
    updateGuidance("/src/agent-connector/cli/main_linked.js", "stable"),
    "To update agent-connector itself, update the checkout in /src/agent-connector, then run upgrade again",
  );
});

test("install notes a launcher that runs from one project's node_modules or npx's cache", () => {
  const { dir, done } = tree([
    "app/package.json",
    join("app", PKG, "cli", "main.js"),
    join("prefix", "lib", PKG, "cli", "main.js"),
  ]);
  try {
    const inProject = unstableEntryNote(join(dir, "app", PKG, "cli", "main.js"), "acme-db");
    assert.match(
      inProject ?? "",
      /from .*app\/node_modules; moving or deleting that folder breaks/,
    );
    assert.match(inProject ?? "", /`acme-db upgrade`/);
    const npx = unstableEntryNote("/root/.npm/_npx/1a2b/node_modules/x/cli/main.js");
    assert.match(npx ?? "", /npx's cache/);
    assert.equal(unstableEntryNote(join(dir, "prefix", "lib", PKG, "cli", "main.js")), undefined);
    assert.equal(unstableEntryNote("/home/u/src/agent-connector/cli/main.ts"), undefined);
  } finally {
    done();
  }
});
