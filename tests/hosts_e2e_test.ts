/**
 * The end-to-end lifecycle (tests/_helpers/host_e2e.ts) of every registered
 * host with `tests/fixtures/hosts/<id>/e2e.json`: `replies` (the native
 * reply each fired event gives, `null` for none), `kept` (`[file, regex]`
 * pairs of the user's own seeded content that must survive) and an optional
 * `native` hook to run. Adding a host's lifecycle is adding that file.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { REGISTRY } from "../adapters/registry.ts";
import { type HostE2e, testHostLifecycle } from "./_helpers/host_e2e.ts";
import { REPO } from "./_helpers/runtime.ts";

interface E2eFile {
  replies: Record<string, unknown>;
  kept: Array<[string, string]>;
  native?: HostE2e["native"];
}

for (const { id } of REGISTRY) {
  const file = join(REPO, "tests", "fixtures", "hosts", id, "e2e.json");
  if (!existsSync(file)) continue;
  const spec = JSON.parse(readFileSync(file, "utf8")) as E2eFile;
  testHostLifecycle({
    host: id,
    replies: Object.fromEntries(
      Object.entries(spec.replies).map(([event, reply]) => [event, reply ?? undefined]),
    ),
    kept: spec.kept.map(([rel, pattern]) => [rel, new RegExp(pattern)]),
    ...(spec.native ? { native: spec.native } : {}),
  });
}
