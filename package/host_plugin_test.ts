import { test } from "node:test";
import assert from "node:assert/strict";
import { defineConnector } from "../core/define_connector.ts";
import type { ConnectorConfig } from "../core/connector_types.ts";
import { emitClaudePlugin } from "./claude_plugin.ts";
import { emitGeminiExtension, emitQwenExtension } from "./gemini_extension.ts";

function emit(which: "claude" | "gemini", config: ConnectorConfig) {
  const connector = defineConnector(config);
  const pkg = (which === "claude" ? emitClaudePlugin : emitGeminiExtension)({
    connector,
    meta: {},
  });
  const file = (path: string) => pkg.files.find((f) => f.path === path)?.text;
  return { pkg, file, paths: pkg.files.map((f) => f.path) };
}

const SERVER = { transport: "stdio" as const, command: "npx", args: ["-y", "@acme/mcp"] };

test("claude-plugin: the server runs the launcher from ${CLAUDE_PLUGIN_ROOT} and env references stay Claude references", () => {
  const { file, paths } = emit("claude", {
    id: "acme",
    server: { ...SERVER, env: { TOKEN: "${env:ACME_TOKEN}" } },
  });
  assert.deepEqual(JSON.parse(file(".mcp.json") ?? ""), {
    acme: {
      type: "stdio",
      command: "node",
      args: [
        "${CLAUDE_PLUGIN_ROOT}/bin/agent-connector.mjs",
        "serve",
        "--connector",
        "acme",
        "--host",
        "claude-code",
        "--scope",
        "user",
        "--",
        "npx",
        "-y",
        "@acme/mcp",
      ],
      env: { TOKEN: "${ACME_TOKEN}" },
    },
  });
  assert.deepEqual(paths, [".claude-plugin/plugin.json", ".mcp.json", "bin/agent-connector.mjs"]);
  assert.deepEqual(JSON.parse(file(".claude-plugin/plugin.json") ?? ""), {
    name: "acme",
    version: "0.0.0",
  });
});

test("claude-plugin: platforms.claude-code turns surfaces off exactly as install does", () => {
  const { paths, pkg } = emit("claude", {
    id: "acme",
    server: SERVER,
    commands: [{ name: "acme-deploy", prompt: "Deploy." }],
    skills: [{ name: "acme-sql", description: "SQL", body: "Write SQL." }],
    platforms: { "claude-code": { server: false, commands: false } },
  });
  assert.deepEqual(paths, [".claude-plugin/plugin.json", "skills/acme-sql/SKILL.md"]);
  assert.deepEqual(pkg.warnings, []);
});

test("claude-plugin: a remote server is Claude's remote entry and needs no launcher", () => {
  const { file, paths } = emit("claude", {
    id: "acme",
    server: {
      transport: "http",
      url: "https://mcp.acme.example/mcp",
      headers: { Authorization: "Bearer ${env:ACME_TOKEN}" },
    },
  });
  assert.deepEqual(JSON.parse(file(".mcp.json") ?? ""), {
    acme: {
      type: "http",
      url: "https://mcp.acme.example/mcp",
      headers: { Authorization: "Bearer ${ACME_TOKEN}" },
    },
  });
  assert.ok(!paths.includes("bin/agent-connector.mjs"));
});

test("gemini-extension: servers are inline, commands are TOML, memory is the GEMINI.md context file", () => {
  const { file, paths, pkg } = emit("gemini", {
    id: "acme",
    version: "2.0.0",
    server: { ...SERVER, env: { LOG: "${env:ACME_LOG}" } },
    commands: [{ name: "acme-deploy", description: "Deploy", prompt: "Deploy to $ARGUMENTS." }],
    memory: [{ content: "Acme is the source of truth.\n" }, { name: "two", content: "Ask first." }],
    skills: [{ name: "acme-sql", description: "SQL", body: "Write SQL." }],
  });
  const manifest = JSON.parse(file("gemini-extension.json") ?? "");
  assert.equal(manifest.name, "acme");
  assert.equal(manifest.version, "2.0.0");
  assert.deepEqual(manifest.mcpServers.acme.args.slice(0, 2), [
    "${extensionPath}/bin/agent-connector.mjs",
    "serve",
  ]);
  assert.ok(
    manifest.mcpServers.acme.args.includes("LOG={env:ACME_LOG}"),
    "the serve wrapper resolves env references",
  );
  assert.equal(
    file("commands/acme-deploy.toml"),
    'description = "Deploy"\nprompt = "Deploy to {{args}}."\n',
  );
  assert.equal(file("GEMINI.md"), "Acme is the source of truth.\n\nAsk first.\n");
  assert.match(file("skills/acme-sql/SKILL.md") ?? "", /^---\nname: acme-sql\ndescription: SQL\n/);
  assert.ok(!paths.some((p) => p.startsWith("hooks/")), "no hooks declared, no hook file");
  assert.doesNotMatch(pkg.warnings.join("\n"), /skills not packaged/);
});

test("gemini-extension: a ws server is warned, not written", () => {
  const { file, pkg } = emit("gemini", {
    id: "acme",
    server: { transport: "ws", url: "wss://acme.example/ws" },
  });
  assert.equal(JSON.parse(file("gemini-extension.json") ?? "").mcpServers, undefined);
  assert.match(
    pkg.warnings.join("\n"),
    /the ws server is not packaged: Gemini CLI has no ws transport/,
  );
});

test("qwen-extension: qwen-extension.json with the servers inline, TOML commands and QWEN.md as the context file", () => {
  const connector = defineConnector({
    id: "acme",
    server: SERVER,
    commands: [{ name: "acme-deploy", prompt: "Deploy." }],
    memory: [{ content: "Ask first." }],
  });
  const pkg = emitQwenExtension({ connector, meta: {} });
  const file = (path: string) => pkg.files.find((f) => f.path === path)?.text;
  const manifest = JSON.parse(file("qwen-extension.json") ?? "");
  assert.deepEqual(Object.keys(manifest), ["name", "version", "mcpServers", "contextFileName"]);
  assert.equal(manifest.contextFileName, "QWEN.md");
  assert.equal(manifest.mcpServers.acme.args[0], "${extensionPath}/bin/agent-connector.mjs");
  assert.ok(manifest.mcpServers.acme.args.includes("qwen-code"), "serve labels the host");
  assert.equal(file("QWEN.md"), "Ask first.\n");
  assert.equal(file("commands/acme-deploy.toml"), 'prompt = "Deploy."\n');
  assert.deepEqual(pkg.install, ["Qwen Code: qwen extensions install <dir> (a copy)"]);
});

test("platforms.<host>.extra lands on the packaged server entry, as install writes it, unless the host drops it", () => {
  const claude = emit("claude", {
    id: "acme",
    server: SERVER,
    platforms: { "claude-code": { extra: { alwaysLoad: true } } },
  });
  assert.equal(JSON.parse(claude.file(".mcp.json") ?? "").acme.alwaysLoad, true);
  const gemini = emit("gemini", {
    id: "acme",
    server: SERVER,
    platforms: { "gemini-cli": { extra: { trust: true, timeout: 5000 } } },
  });
  const entry = JSON.parse(gemini.file("gemini-extension.json") ?? "").mcpServers.acme;
  assert.equal(entry.timeout, 5000);
  assert.equal("trust" in entry, false);
  assert.match(
    gemini.pkg.warnings.join("\n"),
    /gemini-extension: platforms\.gemini-cli\.extra\.trust is not packaged: Gemini CLI drops trust/,
  );
});
