/**
 * Golden files for every artifact install renders for Claude Code, both
 * scopes, plus the remote-server, secret-delivery and agents-import variants.
 * `deno task golden` rewrites them; review the diff like code.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import process from "node:process";
import { runCliCaptured } from "./_helpers/cli.ts";
import { snapshotTree } from "./_helpers/tree.ts";
import { REPO } from "./_helpers/runtime.ts";
import { openSecretStore } from "../secrets/store.ts";

const GOLDEN = join(REPO, "tests", "fixtures", "hosts", "claude-code");
const CONNECTORS = join(REPO, "tests", "fixtures", "connectors");
const UPDATE = process.env.UPDATE_GOLDEN === "1";

/** Installs `connector` into an empty HOME/project and returns the rendered files, paths neutralized. */
async function render(
  connector: string,
  scope: "user" | "project",
  env: Record<string, string> = {},
  setup?: (home: string) => void,
): Promise<Map<string, string>> {
  const base = mkdtempSync(join(tmpdir(), "ac-golden-"));
  const home = join(base, "home");
  const project = join(base, "project");
  mkdirSync(join(home, ".claude"), { recursive: true });
  mkdirSync(project);
  setup?.(home);
  try {
    const run = await runCliCaptured(
      [
        "install",
        "--connector",
        join(CONNECTORS, connector),
        "--scope",
        scope,
        "--targets",
        "claude-code",
      ],
      { home, env: { HOME: home, ...env }, cwd: project },
    );
    assert.equal(run.code, 0, run.stdout + run.stderr);
    const out = new Map<string, string>();
    const root = scope === "user" ? home : project;
    for (const [rel, text] of snapshotTree(root, [".agent-connector"])) {
      out.set(rel, text.replaceAll(home, "<HOME>").replaceAll(project, "<PROJECT>"));
    }
    if (scope === "project") {
      assert.deepEqual(snapshotTree(home, [".agent-connector"]).size, 0, "nothing under HOME");
    }
    return out;
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}

function compare(name: string, files: Map<string, string>): void {
  const dir = join(GOLDEN, name);
  if (UPDATE) {
    rmSync(dir, { recursive: true, force: true });
    for (const [rel, text] of files) {
      mkdirSync(dirname(join(dir, rel)), { recursive: true });
      writeFileSync(join(dir, rel), text, "latin1");
    }
    return;
  }
  const expected = snapshotTree(dir);
  assert.deepEqual(
    [...files.keys()].sort(),
    [...expected.keys()].sort(),
    `${name}: the set of files`,
  );
  for (const [rel, text] of files) {
    assert.equal(
      text,
      expected.get(rel),
      `${name}/${rel} differs from the golden file (deno task golden rewrites it)`,
    );
  }
}

test("user scope renders every surface into ~/.claude.json, ~/.claude/settings.json and ~/.claude/*", async () => {
  compare("user", await render("acme-full", "user"));
});

test("project scope renders into .mcp.json, .claude/settings.json, .claude/* and CLAUDE.md only", async () => {
  compare("project", await render("acme-full", "project"));
});

test("a remote server is written with its type, url and env-referencing headers", async () => {
  compare("remote", await render("acme-remote", "user"));
});

test("secret env entries become serve --secret-env placeholders, never values", async () => {
  const env = { AGENT_CONNECTOR_SECRETS_BACKEND: "file" };
  const files = await render("acme-secrets", "user", env, (home) => {
    const store = openSecretStore({
      connectorId: "acme-secrets",
      home,
      env: { HOME: home, ...env },
      platform: "linux",
    });
    store.set("db-pass", "hunter2-not-in-any-file");
  });
  compare("secrets", files);
  const text = files.get(".claude.json")!;
  assert.match(text, /--secret-env/);
  assert.doesNotMatch(text, /\$\{secret:/);
  for (const body of files.values()) assert.doesNotMatch(body, /hunter2/);
});

test("agents-import memory writes AGENTS.md and the @AGENTS.md bridge block", async () => {
  compare("agents-import", await render("acme-agents-import", "project"));
});
