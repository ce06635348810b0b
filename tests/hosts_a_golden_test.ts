/**
 * Golden files for every artifact install renders for Codex, Gemini CLI and
 * Qwen Code: both scopes with every surface, a streamable-HTTP and an SSE
 * remote server, and secret delivery. `deno task golden` rewrites them;
 * review the diff like code.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { compareGolden, renderInstall } from "./_helpers/golden.ts";
import { REPO } from "./_helpers/runtime.ts";
import { openSecretStore } from "../secrets/store.ts";

const HOSTS = ["codex", "gemini-cli", "qwen-code"] as const;

function golden(host: string, name: string): string {
  return join(REPO, "tests", "fixtures", "hosts", host, name);
}

for (const host of HOSTS) {
  for (const scope of ["user", "project"] as const) {
    test(`${host}: ${scope} scope renders every surface it has, into ${scope} files only`, async () => {
      const files = await renderInstall({
        connector: "acme-full",
        scope,
        target: host,
        warnings: true,
      });
      compareGolden(golden(host, scope), files);
    });
  }

  test(`${host}: a streamable-HTTP server keeps its token and headers out of the file`, async () => {
    const files = await renderInstall({
      connector: "acme-remote-http",
      scope: "user",
      target: host,
    });
    compareGolden(golden(host, "remote-http"), files);
    for (const text of files.values()) assert.doesNotMatch(text, /\$\{env:/);
  });

  test(`${host}: a streamable-HTTP server in project scope renders as the golden files`, async () => {
    const files = await renderInstall({
      connector: "acme-remote-http",
      scope: "project",
      target: host,
      warnings: true,
    });
    compareGolden(golden(host, "remote-http-project"), files);
    for (const text of files.values()) assert.doesNotMatch(text, /\$\{env:/);
  });

  test(`${host}: secret env entries reach serve as placeholders, never values`, async () => {
    const env = { AGENT_CONNECTOR_SECRETS_BACKEND: "file", DB_USER: "app", ACME_TOKEN: "t" };
    const files = await renderInstall({
      connector: "acme-secrets-env",
      scope: "user",
      target: host,
      env,
      setup: (home) => {
        openSecretStore({
          connectorId: "acme-secrets-env",
          home,
          env: { HOME: home, ...env },
          platform: "linux",
        }).set("db-pass", "hunter2-not-in-any-file");
      },
    });
    compareGolden(golden(host, "secrets"), files);
    const all = [...files.values()].join("\n");
    assert.match(all, /--secret-env/);
    assert.doesNotMatch(all, /hunter2|\$\{secret:/);
  });
}

for (const host of ["gemini-cli", "qwen-code"] as const) {
  test(`${host}: an SSE server is written with url (httpUrl is streamable HTTP)`, async () => {
    const files = await renderInstall({
      connector: "acme-remote-sse",
      scope: "user",
      target: host,
    });
    compareGolden(golden(host, "remote-sse"), files);
  });
}

test("codex: an SSE server is reported, not written: Codex speaks streamable HTTP only", async () => {
  const files = await renderInstall({
    connector: "acme-remote-sse",
    scope: "user",
    target: "codex",
    warnings: true,
  });
  assert.equal(files.size, 0);
});
