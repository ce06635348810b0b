import { test } from "node:test";
import assert from "node:assert/strict";
import { define, rejects, STDIO, withServer } from "../tests/_helpers/config_error.ts";

const handler = () => {};

// A misspelt key was dropped without a word below the top level: a hook with
// `matchr` ran on every tool, a server's `environment` never reached it.
test("a misspelt field inside a surface is rejected with the field's path and the name it meant", () => {
  rejects(
    { hooks: { PreToolUse: { matchr: "acme_.*", handler } } },
    'hooks.PreToolUse: unknown field "matchr" — did you mean "matcher"? (expected one of matcher, handler)',
  );
  rejects(
    { server: { ...STDIO, environment: { A: "1" } } },
    'server: unknown field "environment" — did you mean "env"? (expected one of transport, command, args, env, cwd, url, headers, auth, tools, timeoutMs, enabled, wrapForTelemetry)',
  );
  rejects(
    { server: { ...STDIO, timeout: 5 } },
    'server: unknown field "timeout" — did you mean "timeoutMs"? (expected one of transport, command, args, env, cwd, url, headers, auth, tools, timeoutMs, enabled, wrapForTelemetry)',
  );
  rejects(
    { commands: [{ name: "a", prompt: "p", argHint: "[env]" }] },
    'commands[0]: unknown field "argHint" (expected one of name, description, prompt, argumentHint, tools, model, subtask, extra)',
  );
  rejects(
    { skills: [{ name: "s", description: "d", body: "b", resource: {} }] },
    'skills[0]: unknown field "resource" — did you mean "resources"? (expected one of name, description, body, tools, model, disableModelInvocation, resources, extra)',
  );
  rejects(
    { subagents: [{ name: "s", description: "d", prompt: "p", readOnly: true }] },
    'subagents[0]: unknown field "readOnly" — did you mean "readonly"? (expected one of name, description, prompt, tools, model, readonly, extra)',
  );
  rejects(
    { memory: [{ text: "x" }] },
    'memory[0]: unknown field "text" (expected one of name, description, content)',
  );
  rejects(
    { statusline: { render: handler, option: {} } },
    'statusline: unknown field "option" — did you mean "options"? (expected one of name, description, options, render, hosts)',
  );
  rejects(
    { actions: [{ id: "a", run: handler, confirmed: true }] },
    'actions[0]: unknown field "confirmed" — did you mean "confirm"? (expected one of id, label, description, icon, placement, confirm, run, hosts)',
  );
  rejects(
    withServer({ telemetry: { enable: false } }),
    'telemetry: unknown field "enable" — did you mean "enabled"? (expected one of enabled, modelFamilyHint, measureToolDefs, calibration, hostNativeUsage, store)',
  );
  rejects(
    withServer({ oauth: { gh: { provider: "github", clientId: "x", scope: ["repo"] } } }),
    'oauth.gh: unknown field "scope" — did you mean "scopes"? (expected one of provider, clientId, clientSecret, tokenExchangeUrl, scopes, flow, redirectPort, redirectPath, issuer, authorizationEndpoint, tokenEndpoint, deviceAuthorizationEndpoint, revocationEndpoint, tokenEndpointAuth, pkce, extraAuthorizationParams, options, storeAs)',
  );
  rejects(
    {
      platforms: {
        "claude-code": { configPatch: [{ key: "env.X", value: "1", reason: "r", docs: "u" }] },
      },
    },
    'platforms.claude-code.configPatch[0]: unknown field "docs" — did you mean "docsUrl"? (expected one of key, value, reason, docsUrl)',
  );
  rejects(
    { platforms: { "claude-code": { nativeHooks: { TaskCompleted: { handler, matchr: "x" } } } } },
    'platforms.claude-code.nativeHooks.TaskCompleted: unknown field "matchr" — did you mean "matcher"? (expected one of matcher, handler)',
  );
});

test("the nested objects a connector may declare keep every field they document", () => {
  const c = define({
    server: {
      ...STDIO,
      args: ["x"],
      env: { A: "1" },
      cwd: "/tmp",
      tools: { include: ["*"], exclude: ["drop"] },
      timeoutMs: 5,
      enabled: true,
      wrapForTelemetry: true,
    },
    hooks: { PreToolUse: { matcher: "x", handler } },
    commands: [{
      name: "a",
      description: "d",
      prompt: "p",
      argumentHint: "h",
      tools: { allow: ["Read"] },
      model: "m",
      subtask: true,
      extra: {},
    }],
    memory: [{ name: "m", description: "d", content: "c" }],
    statusline: {
      name: "s",
      description: "d",
      options: { maxLines: 1 },
      render: handler,
      hosts: {},
    },
    actions: [{ id: "a", label: "l", description: "d", icon: "i", confirm: true, run: handler }],
    telemetry: { enabled: true, calibration: { anthropicCountTokens: false }, store: "ndjson" },
    publish: { registryNamespace: "io.github.a", packageName: "p", author: { name: "n" } },
  } as never);
  assert.equal(c.hooks.PreToolUse?.matcher, "x");
  assert.deepEqual(c.server?.tools, { include: ["*"], exclude: ["drop"] });
});
