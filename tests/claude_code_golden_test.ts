/**
 * Golden files for every artifact install renders for Claude Code, both
 * scopes, plus the remote-server, secret-delivery and agents-import variants.
 * `deno task golden` rewrites them; review the diff like code.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { compareGolden, renderInstall } from "./_helpers/golden.ts";
import { REPO } from "./_helpers/runtime.ts";
import { openSecretStore } from "../secrets/store.ts";

const GOLDEN = join(REPO, "tests", "fixtures", "hosts", "claude-code");

/** Installs `connector` into an empty HOME (with ~/.claude) and project. */
function render(
  connector: string,
  scope: "user" | "project",
  env: Record<string, string> = {},
  setup?: (home: string) => void,
): Promise<Map<string, string>> {
  return renderInstall({
    connector,
    scope,
    target: "claude-code",
    env,
    setup: (home) => {
      mkdirSync(join(home, ".claude"), { recursive: true });
      setup?.(home);
    },
  });
}

function compare(name: string, files: Map<string, string>): void {
  compareGolden(join(GOLDEN, name), files);
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
