/**
 * Two real processes refresh one login at the same moment against a server
 * that rotates refresh tokens and revokes the whole grant when an old one is
 * replayed (oidc-provider): the token lock makes the second wait and use the
 * rotated token, so neither is logged out.
 */
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { browse, type OAuthTestServer, startOAuthServer } from "../tests/_helpers/oauth_server.ts";
import { openSecretStore } from "../secrets/store.ts";
import { login } from "./login.ts";
import { getAccessToken } from "./access_token.ts";
import { clearTokenCache } from "./_token_cache.ts";
import { readLoginMetadata } from "./metadata.ts";

const CHILD = fileURLToPath(new URL("../tests/fixtures/oauth/refresh_child.ts", import.meta.url));
const ROOT = fileURLToPath(new URL("..", import.meta.url));
const ID = "lock-test";

let server: OAuthTestServer;
let root: string;
before(async () => {
  server = await startOAuthServer();
  root = mkdtempSync(join(tmpdir(), "ac-"));
});
after(async () => {
  await server?.stop();
  rmSync(root, { recursive: true, force: true });
});

const secretStore = () => ({ dataRoot: root, backend: "file" as const, env: {} });
const def = () => ({
  provider: "generic" as const,
  clientId: "agent-connector",
  scopes: ["openid", "offline_access", "mcp"],
  issuer: server.issuer,
  extraAuthorizationParams: { prompt: "consent" },
});

function child() {
  const proc = spawn(
    process.execPath,
    ["run", "-A", "--quiet", CHILD, root, ID, server.issuer, "400"],
    { cwd: ROOT, stdio: ["pipe", "pipe", "pipe"], env: { ...process.env, NO_COLOR: "1" } },
  );
  let out = "";
  let err = "";
  proc.stdout!.on("data", (d) => (out += d));
  proc.stderr!.on("data", (d) => (err += d));
  const done = once(proc, "exit").then(() => ({ out, err }));
  return { proc, done };
}

test("two processes refreshing one login at once both get a token and the rotated refresh token stays valid", async () => {
  await login({
    connectorId: ID,
    key: "main",
    def: def(),
    env: {},
    secretStore: secretStore(),
    log: () => {},
    openBrowser: async (url) => void await browse(url),
  });
  const store = openSecretStore({ connectorId: ID, ...secretStore() });
  const first = store.get("oauth.main.refresh-token");
  const a = child();
  const b = child();
  // Let both load before either starts (the type check and module load take a while).
  await new Promise((r) => setTimeout(r, 1500));
  a.proc.stdin!.end("go\n");
  b.proc.stdin!.end("go\n");
  const results = await Promise.all([a.done, b.done]);
  for (const { out, err } of results) {
    assert.deepEqual(JSON.parse(out.trim() || "{}"), { ok: true }, `${out}${err}`);
  }
  const last = store.get("oauth.main.refresh-token");
  assert.ok(last && last !== first, "the rotated refresh token is stored");
  clearTokenCache();
  const { accessToken } = await getAccessToken({
    connectorId: ID,
    key: "main",
    def: def(),
    interactive: "never",
    env: {},
    secretStore: secretStore(),
  });
  assert.ok(accessToken, "the grant survived: the stored token still refreshes");
  assert.equal(readLoginMetadata(root, ID).logins.main.revokedAt, undefined);
});
