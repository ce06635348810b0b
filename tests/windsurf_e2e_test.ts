/**
 * End to end on Windsurf, in a temporary HOME holding a user's own MCP
 * servers and Cascade hooks: install → the exact hook commands written into
 * hooks.json, run with Cascade's payloads, give exit-code replies → a second
 * install is all `=` → uninstall gives back every byte.
 */
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  assertInstalled,
  assertUnchanged,
  fixtureConnector,
  hostBox,
  payload,
} from "./_helpers/seeded_box.ts";

const box = hostBox({
  home: {
    ".codeium/windsurf/mcp_config.json": `{
    "mcpServers": {
        "github": {
            "command": "docker",
            "args": ["run", "-i", "--rm", "ghcr.io/github/github-mcp-server"],
            "env": { "GITHUB_PERSONAL_ACCESS_TOKEN": "\${env:GH_TOKEN}" }
        }
    }
}
`,
    ".codeium/windsurf/hooks.json": `{
    "hooks": {
        "pre_run_command": [
            { "command": "python3 ~/.codeium/guard.py", "show_output": true }
        ]
    }
}
`,
  },
});
after(() => box.done());
const CONNECTOR = fixtureConnector("acme-hosts-c");
const hooksFile = () =>
  JSON.parse(readFileSync(join(box.home, ".codeium/windsurf/hooks.json"), "utf8")).hooks;
const ours = (event: string) =>
  (hooksFile()[event] as Array<{ command: string }>).find((h) => h.command.includes("acme-hosts"))!
    .command;

test("install writes the server, the hooks of four native events each and the content", async () => {
  const run = await box.cli("install", "--connector", CONNECTOR, "--targets", "windsurf");
  assertInstalled(run, [/^! windsurf {2}.*(not installed|not written|has no)/]);
  assert.match(run.stdout, /\+ windsurf {2}MCP server acme-hosts: added/);
  assert.match(
    run.stdout,
    /! windsurf {2}hook SessionStart: not installed — Windsurf has no SessionStart event/,
  );
  const servers = JSON.parse(
    readFileSync(join(box.home, ".codeium/windsurf/mcp_config.json"), "utf8"),
  ).mcpServers;
  assert.deepEqual(Object.keys(servers), ["github", "acme-hosts"]);
  assert.deepEqual(servers["acme-hosts"].env, { ACME_DB_DSN: "${env:ACME_DB_DSN}" });
  const hooks = hooksFile();
  assert.equal(
    hooks.pre_run_command[0].command,
    "python3 ~/.codeium/guard.py",
    "the user's hook first",
  );
  for (const e of ["pre_read_code", "pre_write_code", "pre_mcp_tool_use", "pre_user_prompt"]) {
    assert.ok(ours(e), e);
  }
});

test("the hook commands in hooks.json answer Cascade with exit codes", () => {
  const blocked = box.hook(ours("pre_run_command"), payload("windsurf", "pre_run_command"));
  assert.deepEqual(blocked, { code: 2, stdout: "", stderr: "Use the acme tools\n" });
  assert.equal(box.hook(ours("pre_read_code"), payload("windsurf", "pre_read_code")).code, 2);
  assert.deepEqual(box.hook(ours("pre_write_code"), payload("windsurf", "pre_write_code")), {
    code: 0,
    stdout: "",
    stderr: "",
  });
  const prompt = payload("windsurf", "pre_user_prompt", {
    tool_info: { user_prompt: "please drop table orders" },
  });
  assert.deepEqual(box.hook(ours("pre_user_prompt"), prompt), {
    code: 2,
    stdout: "",
    stderr: "Ask a DBA to drop tables\n",
  });
  for (
    const [event, name] of [["post_run_command", "post_run_command"], [
      "post_cascade_response",
      "post_cascade_response",
    ]]
  ) {
    assert.deepEqual(box.hook(ours(event), payload("windsurf", name)), {
      code: 0,
      stdout: "",
      stderr: "",
    }, event);
  }
});

test("a second install prints only = and the notes of what Windsurf cannot take", async () => {
  assertUnchanged(await box.cli("install", "--connector", CONNECTOR, "--targets", "windsurf"));
});

test("uninstall gives back every byte and removes what it created", async () => {
  const run = await box.cli("uninstall", "--connector-id", "acme-hosts", "--purge");
  assert.equal(run.code, 0, run.stdout + run.stderr);
  box.assertRestored();
});
