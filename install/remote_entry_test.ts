import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { withTempDir } from "../tests/_helpers/temp.ts";
import { launcherText, parseLauncher } from "./home_bin.ts";
import {
  isRegistryEntry,
  isRemoteEntry,
  registryPackageOf,
  remoteLauncherTarget,
} from "./remote_entry.ts";

const deno = { name: "deno" as const, execPath: "/usr/local/bin/deno" };
const JSR = "https://jsr.io/@ken-jo/agent-connector/0.4.2/install/home_bin.ts";
const RUN = ["run", "-A", "--quiet", "--cached-only", "--no-lock"];
/** The pinned entry a JSR launcher runs: that version's pre-linked CLI entry. */
const ENTRY = "https://jsr.io/@ken-jo/agent-connector/0.4.2/cli/main_linked.js";

test("a module URL from a JSR registry names the registry, the package and its exact version", () => {
  assert.deepEqual(registryPackageOf(JSR), {
    registry: "https://jsr.io/",
    name: "@ken-jo/agent-connector",
    version: "0.4.2",
  });
  assert.deepEqual(
    registryPackageOf(
      "http://127.0.0.1:4545/@ken-jo/agent-connector/1.0.0-rc.2/install/home_bin.ts",
    ),
    { registry: "http://127.0.0.1:4545/", name: "@ken-jo/agent-connector", version: "1.0.0-rc.2" },
  );
  assert.equal(registryPackageOf("https://jsr.io/@other/pkg/0.4.2/install/home_bin.ts"), undefined);
  assert.equal(registryPackageOf("file:///srv/agent-connector/install/home_bin.ts"), undefined);
});

test("loaded from jsr.io, the launcher runs that version's pre-linked entry from the cache only, with no config", () => {
  const target = remoteLauncherTarget(JSR, deno);
  assert.deepEqual(target, {
    runtime: "/usr/local/bin/deno",
    runtimeArgs: [...RUN, "--no-config"],
    entry: ENTRY,
    version: "0.4.2",
  });
  assert.ok(isRemoteEntry(target.entry));
  assert.ok(isRegistryEntry(target.entry));
  assert.ok(isRegistryEntry(`jsr:@ken-jo/agent-connector@0.1.0/main`), "a 0.1 launcher's entry");
  assert.ok(!isRemoteEntry("/srv/agent-connector/cli/main.ts"));
  assert.ok(!isRegistryEntry("/srv/agent-connector/cli/main.ts"));
});

test("loaded from another registry or cache folder, the launcher pins JSR_URL and DENO_DIR", () => {
  const target = remoteLauncherTarget(
    "http://127.0.0.1:4545/@ken-jo/agent-connector/0.4.2/install/home_bin.ts",
    deno,
    undefined,
    "/var/cache/deno",
  );
  assert.deepEqual(target.env, { JSR_URL: "http://127.0.0.1:4545/", DENO_DIR: "/var/cache/deno" });
  const entry = "http://127.0.0.1:4545/@ken-jo/agent-connector/0.4.2/cli/main_linked.js";
  assert.equal(target.entry, entry);
  const sh = launcherText(target, "linux", "/h/.agent-connector");
  assert.match(sh, /^JSR_URL='http:\/\/127\.0\.0\.1:4545\/'; export JSR_URL$/m);
  assert.match(sh, /^DENO_DIR='\/var\/cache\/deno'; export DENO_DIR$/m);
  assert.ok(
    sh.split("\n").includes(
      `exec '/usr/local/bin/deno' 'run' '-A' '--quiet' '--cached-only' '--no-lock' '--no-config' '${entry}' "$@"`,
    ),
    sh,
  );
  assert.deepEqual(parseLauncher(sh), target);
  const cmd = launcherText(
    { ...target, runtime: "C:\\deno\\deno.exe" },
    "win32",
    "C:\\Users\\a\\.agent-connector",
  );
  assert.match(cmd, /^set "JSR_URL=http:\/\/127\.0\.0\.1:4545\/"\r$/m);
  assert.ok(
    cmd.split("\n").includes(
      `"C:\\deno\\deno.exe" "run" "-A" "--quiet" "--cached-only" "--no-lock" "--no-config" "${entry}" %*\r`,
    ),
    cmd,
  );
  assert.deepEqual(parseLauncher(cmd), { ...target, runtime: "C:\\deno\\deno.exe" });
});

test("imported from a URL that is no JSR registry's, the launcher is refused with what to run instead", () => {
  for (
    const url of [
      "https://example.com/agent-connector@v0.4.2/install/home_bin.ts",
      "https://raw.githubusercontent.com/ken-jo/agent-connector/v0.4.2/install/home_bin.ts",
    ]
  ) {
    assert.throws(
      () => remoteLauncherTarget(url, deno),
      (e: Error) =>
        e.message.startsWith("cannot write the home binary: agent-connector was loaded from ") &&
        e.message.includes(new URL("../", url).href) &&
        /not a version of @ken-jo\/agent-connector on a JSR registry/.test(e.message) &&
        /import it as jsr:@ken-jo\/agent-connector@<version>\//.test(e.message),
    );
  }
});

test("a branded CLI run from a local file passes its nearest deno.json, found from the script", () => {
  withTempDir((dir) => {
    mkdirSync(join(dir, "acme", "bin"), { recursive: true });
    writeFileSync(join(dir, "acme", "deno.jsonc"), "{}\n");
    const target = remoteLauncherTarget(JSR, deno, join(dir, "acme", "bin", "cli.ts"));
    assert.deepEqual(target.runtimeArgs, [...RUN, "--config", join(dir, "acme", "deno.jsonc")]);
    const bare = remoteLauncherTarget(JSR, deno, "/");
    assert.deepEqual(bare.runtimeArgs.at(-1), "--no-config");
  });
});

test("Node cannot run agent-connector from a URL, and says so", () => {
  assert.throws(
    () => remoteLauncherTarget(JSR, { name: "node", execPath: "/usr/bin/node" }),
    /only Deno runs agent-connector from a URL/,
  );
});
