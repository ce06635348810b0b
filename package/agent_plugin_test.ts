import { test } from "node:test";
import assert from "node:assert/strict";
import { defineConnector } from "../core/define_connector.ts";
import type { ConnectorConfig } from "../core/connector_types.ts";
import { emitAgentPlugin } from "./agent_plugin.ts";
import { packageMeta } from "./meta.ts";
import { packageSchema, validateJson } from "../tests/_helpers/json_schema.ts";

const schema = (name: string) => packageSchema("agent-plugins-1.0.0", name);

function emit(config: ConnectorConfig, packageJson: Record<string, unknown> = {}) {
  const connector = defineConnector(config);
  const pkg = emitAgentPlugin({ connector, meta: packageMeta(connector, packageJson) });
  const file = (path: string) => pkg.files.find((f) => f.path === path)?.text;
  const json = (path: string) => JSON.parse(file(path) ?? "null");
  return { pkg, file, json };
}

function assertValid(value: unknown, schemaFile: string) {
  assert.deepEqual(validateJson(value, schema(schemaFile)), [], JSON.stringify(value, null, 2));
}

test("the schema helper rejects what the official schemas reject", () => {
  assert.notDeepEqual(validateJson({ $schema: "x", name: "A" }, schema("plugin.schema.json")), []);
  assert.notDeepEqual(
    validateJson(
      { $schema: schema("mcp.schema.json").$id, mcpServers: { a: { type: "stdio" } } },
      schema("mcp.schema.json"),
    ),
    [],
  );
  assert.notDeepEqual(
    validateJson({
      $schema: schema("mcp.schema.json").$id,
      mcpServers: { a: { type: "stdio", command: "x", env: { PLUGIN_ROOT: "/" } } },
    }, schema("mcp.schema.json")),
    [],
  );
});

test("plugin.json carries the connector id, version and package.json metadata, and validates", () => {
  const { json } = emit({ id: "acme-db", version: "1.2.3", memory: [{ content: "x" }] }, {
    description: "Acme tools",
    homepage: "https://acme.example",
    repository: { type: "git", url: "https://github.com/acme/x" },
    license: "MIT",
    keywords: ["acme"],
    author: "Acme <a@acme.example> (https://acme.example)",
  });
  const manifest = json("plugin.json");
  assert.deepEqual(manifest, {
    $schema: "https://agent-plugins.org/schemas/1.0.0/plugin.schema.json",
    name: "acme-db",
    version: "1.2.3",
    description: "Acme tools",
    author: { name: "Acme", email: "a@acme.example", url: "https://acme.example" },
    homepage: "https://acme.example",
    repository: "https://github.com/acme/x",
    license: "MIT",
    keywords: ["acme"],
  });
  assertValid(manifest, "plugin.schema.json");
});

test("publish.author wins over package.json's author", () => {
  const { json } = emit(
    {
      id: "acme",
      memory: [{ content: "x" }],
      publish: { author: { name: "Acme Inc", url: "https://acme.example" } },
    },
    { author: { name: "Someone" } },
  );
  assert.deepEqual(json("plugin.json").author, { name: "Acme Inc", url: "https://acme.example" });
});

test("a stdio server runs through the bundled launcher with the serve wrapper, and validates", () => {
  const { json, file, pkg } = emit({
    id: "acme",
    server: {
      transport: "stdio",
      command: "npx",
      args: ["-y", "@acme/mcp"],
      env: { REGION: "eu", DSN: "pg://${env:USER:-me}:${secret:db-pass}@h", LOG: "${env:LOG}" },
    },
  });
  const mcp = json("mcp.json");
  assertValid(mcp, "mcp.schema.json");
  assert.deepEqual(mcp.mcpServers.acme, {
    type: "stdio",
    command: "node",
    args: [
      "${PLUGIN_ROOT}/bin/agent-connector.mjs",
      "serve",
      "--connector",
      "acme",
      "--host",
      "unknown",
      "--scope",
      "user",
      "--env",
      "LOG={env:LOG}",
      "--secret-env",
      "DSN=pg://{env:USER:-me}:{secret:db-pass}@h",
      "--",
      "npx",
      "-y",
      "@acme/mcp",
    ],
    env: { REGION: "eu" },
  });
  assert.ok(file("bin/agent-connector.mjs")?.startsWith("#!/usr/bin/env node\n"));
  assert.equal(pkg.files.find((f) => f.path === "bin/agent-connector.mjs")?.executable, true);
});

test("a server that opts out of telemetry is written as is, without the launcher", () => {
  const { json, file } = emit({
    id: "acme",
    server: {
      transport: "stdio",
      command: "uvx",
      args: ["acme-mcp"],
      wrapForTelemetry: false,
      cwd: "${PLUGIN_DATA}/acme",
    },
  });
  assert.deepEqual(json("mcp.json").mcpServers.acme, {
    type: "stdio",
    command: "uvx",
    args: ["acme-mcp"],
    cwd: "${PLUGIN_DATA}/acme",
  });
  assert.equal(file("bin/agent-connector.mjs"), undefined);
});

test("a cwd the standard does not accept, an absolute command and a timeout are warned, not written", () => {
  const { json, pkg } = emit({
    id: "acme",
    server: { transport: "stdio", command: "/opt/acme/bin/mcp", cwd: "/srv/acme", timeoutMs: 5000 },
  });
  assert.equal(json("mcp.json").mcpServers.acme.cwd, undefined);
  assert.equal(json("mcp.json").mcpServers.acme.timeout, undefined);
  const all = pkg.warnings.join("\n");
  assert.match(all, /server\.cwd is not packaged: an Agent Plugins cwd must start with/);
  assert.match(all, /server\.command "\/opt\/acme\/bin\/mcp" is an absolute path/);
  assert.match(all, /server\.timeoutMs is not packaged/);
});

test("remote servers are streamable-http or sse; an env reference in a header is warned, never expanded", () => {
  const http = emit({
    id: "acme",
    server: {
      transport: "http",
      url: "https://mcp.acme.example/mcp",
      headers: { "X-Tenant": "public", Authorization: "Bearer ${env:ACME_TOKEN}" },
    },
  });
  const entry = http.json("mcp.json").mcpServers.acme;
  assert.deepEqual(entry, {
    type: "streamable-http",
    url: "https://mcp.acme.example/mcp",
    headers: { "X-Tenant": "public" },
  });
  assertValid(http.json("mcp.json"), "mcp.schema.json");
  assert.match(http.pkg.warnings.join("\n"), /server\.headers\.Authorization is not packaged/);
  assert.doesNotMatch(http.file("mcp.json") ?? "", /ACME_TOKEN/);
  const sse = emit({
    id: "acme",
    server: { transport: "sse", url: "https://mcp.acme.example/sse" },
  });
  assert.equal(sse.json("mcp.json").mcpServers.acme.type, "sse");
  const ws = emit({ id: "acme", server: { transport: "ws", url: "wss://mcp.acme.example/ws" } });
  assert.equal(ws.file("mcp.json"), undefined);
  assert.match(ws.pkg.warnings.join("\n"), /the ws server is not packaged/);
});

test("an oauth login writes no oauth field, client id or secret anywhere", () => {
  const { pkg } = emit({
    id: "acme",
    server: { transport: "http", url: "https://mcp.acme.example/mcp" },
    oauth: {
      google: {
        provider: "google",
        clientId: "123.apps.googleusercontent.com",
        clientSecret: "${secret:google-client-secret}",
        scopes: ["openid"],
      },
    },
  });
  const all = pkg.files.map((f) => f.text).join("\n");
  assert.doesNotMatch(all, /oauth|clientId|123\.apps|google-client-secret/i);
});

test("skills keep their resources; subagents go to the Copilot namespace; unsupported surfaces are warned", () => {
  const { pkg, file } = emit({
    id: "acme",
    skills: [{
      name: "acme-sql",
      description: "Writes SQL",
      body: "Use the tool.",
      model: "opus",
      resources: { "templates/select.sql": "SELECT 1;\n" },
    }],
    subagents: [{
      name: "acme-reviewer",
      description: "Reviews",
      prompt: "Review it.",
      readonly: true,
    }],
    commands: [{ name: "acme-deploy", prompt: "Deploy." }],
    hooks: { SessionStart: { handler: () => undefined } },
  });
  assert.equal(
    file("skills/acme-sql/SKILL.md"),
    "---\nname: acme-sql\ndescription: Writes SQL\n---\n\nUse the tool.\n",
  );
  assert.equal(file("skills/acme-sql/templates/select.sql"), "SELECT 1;\n");
  assert.equal(
    file("com.github.copilot/agents/acme-reviewer.agent.md"),
    "---\nname: acme-reviewer\ndescription: Reviews\n---\n\nReview it.\n",
  );
  const all = pkg.warnings.join("\n");
  assert.match(all, /skill\.model of skill "acme-sql" is not packaged/);
  assert.match(all, /subagent\.readonly of subagent "acme-reviewer" is not packaged/);
  assert.match(all, /commands not packaged/);
  assert.match(all, /hooks not packaged/);
  assert.deepEqual(pkg.files.map((f) => f.path), [...pkg.files.map((f) => f.path)].sort());
});

test("an id that is not a valid Agent Plugins name is refused with the rule", () => {
  const connector = {
    ...defineConnector({ id: "acme", memory: [{ content: "x" }] }),
    id: "x".repeat(65),
  };
  assert.throws(
    () => emitAgentPlugin({ connector, meta: {} }),
    /not a valid Agent Plugins name \(1-64/,
  );
});
