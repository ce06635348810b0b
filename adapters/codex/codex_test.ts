import { test } from "node:test";
import assert from "node:assert/strict";
import { parse } from "smol-toml";
import type { ServerDef } from "../../core/connector_types.ts";
import { renderTomlTable } from "../../core/toml_render.ts";
import type { Probe } from "../descriptor.ts";
import { scopePath } from "../descriptor.ts";
import { resolveLaunch } from "../render/server_launch.ts";
import { codexAgent, codexPrompt } from "./content.ts";
import { placeCodexMemory } from "./memory.ts";
import { adapter } from "./mod.ts";
import { codexServerEntry } from "./server.ts";

const BIN = "/h/.agent-connector/bin/agent-connector";

function table(server: ServerDef) {
  const launch = resolveLaunch({
    server,
    connectorId: "acme",
    platform: "codex",
    scope: "user",
    homeBin: BIN,
    os: "linux",
    envRef: adapter.server!.envRef,
    envByName: adapter.server!.envByName,
  });
  const rendered = codexServerEntry({ id: "acme", displayName: "Acme", server, ...launch });
  return { launch, rendered };
}

test("a stdio server passes its env variables by name and serve resolves the references", () => {
  const { launch, rendered } = table({
    transport: "stdio",
    command: "acme-mcp",
    args: ["--stdio"],
    env: { TOKEN: "${env:ACME_TOKEN}", MODE: "ro", URL: "pg://${env:DB_USER}@h" },
    secretEnv: { PASS: "${secret:db-pass}" },
    timeoutMs: 1500,
  });
  assert.deepEqual(launch.dropped, []);
  const entry = rendered.entry;
  assert.equal(entry.command, BIN);
  assert.deepEqual(entry.env_vars, ["ACME_TOKEN", "DB_USER"]);
  assert.deepEqual(entry.env, { MODE: "ro" });
  assert.equal(entry.tool_timeout_sec, 1.5);
  const args = entry.args as string[];
  assert.ok(args.some((a) => a.startsWith("TOKEN=")), "serve resolves the env reference");
  assert.ok(args.some((a) => a.startsWith("PASS=")), "the secret reaches serve, not the file");
  const text = renderTomlTable(["mcp_servers", "acme"], entry).join("\n");
  assert.deepEqual(JSON.parse(JSON.stringify(parse(text))).mcp_servers.acme, entry);
});

test("a remote server names its token and header variables instead of dropping them", () => {
  const { launch, rendered } = table({
    transport: "http",
    url: "https://mcp.acme.dev/mcp",
    headers: { "X-Team": "core", "X-Key": "${env:ACME_KEY}" },
    auth: { type: "bearerEnv", bearerEnvVar: "ACME_TOKEN" },
  });
  assert.deepEqual(launch.dropped, []);
  assert.deepEqual(rendered.entry, {
    url: "https://mcp.acme.dev/mcp",
    bearer_token_env_var: "ACME_TOKEN",
    http_headers: { "X-Team": "core" },
    env_http_headers: { "X-Key": "ACME_KEY" },
  });
  const bearer = table({
    transport: "http",
    url: "https://x/mcp",
    headers: { Authorization: "Bearer ${env:TOK}", "X-Mixed": "a-${env:B}" },
  });
  assert.equal(bearer.rendered.entry.bearer_token_env_var, "TOK");
  assert.deepEqual(bearer.launch.dropped.map((d) => d.field), ["server.headers.X-Mixed"]);
});

test("disabled servers and tool lists use Codex's own keys", () => {
  const { rendered } = table({
    transport: "stdio",
    command: "x",
    enabled: false,
    wrapForTelemetry: false,
    tools: { include: ["query"], exclude: ["drop"] },
  });
  assert.equal(rendered.entry.enabled, false);
  assert.deepEqual(rendered.entry.enabled_tools, ["query"]);
  assert.deepEqual(rendered.entry.disabled_tools, ["drop"]);
  assert.equal(rendered.skip, undefined);
});

test("custom prompts keep Codex's argument placeholders and report what they cannot take", () => {
  const r = codexPrompt({
    name: "deploy",
    description: "Deploy it",
    argumentHint: "[env]",
    prompt: "Deploy to $1 with $ARGUMENTS",
    model: "gpt-5",
  });
  assert.equal(
    r.files[0].text,
    '---\ndescription: Deploy it\nargument-hint: "[env]"\n---\n\nDeploy to $1 with $ARGUMENTS\n',
  );
  assert.deepEqual(r.dropped.map((d) => d.field), ["command.model"]);
});

test("custom agents are TOML with developer_instructions and a read-only sandbox", () => {
  const r = codexAgent({
    name: "db-reviewer",
    description: "Reviews SQL",
    prompt: "You review SQL.\nBe strict.",
    model: "gpt-5",
    readonly: true,
    tools: { allow: ["Read"] },
  });
  assert.equal(r.files[0].path, "db-reviewer.toml");
  assert.deepEqual({ ...parse(r.files[0].text) }, {
    name: "db-reviewer",
    description: "Reviews SQL",
    developer_instructions: "You review SQL.\nBe strict.",
    model: "gpt-5",
    sandbox_mode: "read-only",
  });
  assert.deepEqual(r.dropped.map((d) => d.field), ["subagent.tools"]);
});

function probeOf(files: Record<string, string>): Probe {
  return { readText: (p) => files[p], exists: (p) => p in files, realPath: () => undefined };
}

test("memory goes to a non-empty AGENTS.override.md, which shadows AGENTS.md", () => {
  const ctx = { home: "/h", projectDir: "/p", env: {}, os: "linux" as const };
  const input = { scope: "project" as const, defaultPath: "/p/AGENTS.md", ctx };
  assert.deepEqual(placeCodexMemory({ ...input, probe: probeOf({}) }), { target: "/p/AGENTS.md" });
  assert.deepEqual(
    placeCodexMemory({ ...input, probe: probeOf({ "/p/AGENTS.override.md": " \n" }) }),
    { target: "/p/AGENTS.md" },
  );
  const over = placeCodexMemory({
    ...input,
    probe: probeOf({ "/p/AGENTS.override.md": "# Temporary rules\n" }),
  });
  assert.equal(over.target, "/p/AGENTS.override.md");
  assert.match(over.note ?? "", /shadows AGENTS\.md/);
});

test("CODEX_HOME moves every user file; skills stay in ~/.agents/skills", () => {
  const ctx = {
    home: "/h",
    projectDir: "/p",
    env: { CODEX_HOME: "/alt/codex" },
    os: "linux" as const,
  };
  assert.equal(scopePath(adapter.server!.paths, "user", ctx), "/alt/codex/config.toml");
  assert.equal(scopePath(adapter.hooks!.paths, "user", ctx), "/alt/codex/hooks.json");
  assert.equal(scopePath(adapter.commands!.paths, "user", ctx), "/alt/codex/prompts");
  assert.equal(scopePath(adapter.commands!.paths, "project", ctx), undefined);
  assert.equal(scopePath(adapter.memory!.paths, "user", ctx), "/alt/codex/AGENTS.md");
  assert.equal(scopePath(adapter.skills!.paths, "user", ctx), "/h/.agents/skills");
  const win = { home: "C:\\Users\\ann", projectDir: "C:\\src", env: {}, os: "win32" as const };
  assert.equal(
    scopePath(adapter.server!.paths, "user", win),
    "C:\\Users\\ann\\.codex\\config.toml",
  );
  assert.equal(scopePath(adapter.subagents!.paths, "project", win), "C:\\src\\.codex\\agents");
});

test("capabilities follow the descriptor: no Notification, no PostToolUseFailure", () => {
  const caps = adapter.capabilities;
  assert.equal(caps.notification, false);
  assert.equal(caps.postToolUseFailure, false);
  assert.equal(caps.postCompact, true);
  assert.equal(caps.canModifyOutput, false);
  assert.deepEqual(caps.transports, ["stdio", "http"]);
});
