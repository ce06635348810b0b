/**
 * Golden files for every artifact install renders for Zed, Windsurf,
 * Continue, Cline and opencode: both scopes with every surface, and both
 * scopes with a streamable-HTTP server. `deno task golden` rewrites them;
 * review the diff like code.
 */
import { test } from "node:test";
import { join } from "node:path";
import { compareGolden, renderInstall } from "./_helpers/golden.ts";
import { REPO } from "./_helpers/runtime.ts";

const HOSTS = ["continue", "cline", "zed", "windsurf", "opencode"] as const;

function golden(host: string, name: string): string {
  return join(REPO, "tests", "fixtures", "hosts", host, name);
}

for (const host of HOSTS) {
  for (const scope of ["user", "project"] as const) {
    test(`${host}: ${scope} scope renders every surface it has, into ${scope} files only`, async () => {
      const files = await renderInstall({
        connector: "acme-hosts-c",
        scope,
        target: host,
        warnings: true,
      });
      compareGolden(golden(host, scope), files);
    });

    test(`${host}: a streamable-HTTP server in ${scope} scope renders as the golden files`, async () => {
      const files = await renderInstall({
        connector: "acme-remote-http",
        scope,
        target: host,
        warnings: true,
      });
      compareGolden(golden(host, `remote-${scope}`), files);
    });
  }
}

for (const scope of ["user", "project"] as const) {
  test(`zed: actions in ${scope} scope render as tasks in the golden tasks.json`, async () => {
    const files = await renderInstall({ connector: "acme-actions", scope, target: "zed" });
    compareGolden(golden("zed", `actions-${scope}`), files);
  });
}
