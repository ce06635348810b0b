import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import process from "node:process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { bundleEntry, type EmittedModules, joinable } from "./_npm_bundle.ts";

const MODULES: EmittedModules = new Map([
  [
    "cli/main.js",
    [
      "#!/usr/bin/env node",
      'import { greet as hello, NAME } from "../core/a.js";',
      'import * as b from "../core/b.js";',
      'import dflt from "../core/c.js";',
      'const lazy = await import("../core/lazy.js");',
      'const outside = await import("../core/outside.js");',
      'const log = (await import("../core/heavy.js")).mark;',
      "console.log(JSON.stringify([hello(NAME), b.twice(2), b.ONE, dflt, lazy.where,",
      "  outside.kind, log, lazy.order.join(',')]));",
    ].join("\n"),
  ],
  [
    "core/a.js",
    'export const NAME = "ac";\nexport function greet(n) { return `hi ${n}`; }\n',
  ],
  ["core/b.js", 'export { twice } from "./twice.js";\nconst one = 1;\nexport { one as ONE };\n'],
  ["core/twice.js", "export const twice = (n) => n * 2;\n"],
  ["core/c.js", "export default 42;\n"],
  [
    "core/lazy.js",
    'import { order } from "./order.js";\norder.push("lazy");\n' +
    "export const where = new URL(import.meta.url).pathname.split('/').slice(-2).join('/');\n" +
    "export { order };\n",
  ],
  ["core/order.js", "export const order = [];\n"],
  ["core/outside.js", "export const kind = 'own file';\n"],
  ["core/heavy.js", 'import { sep } from "node:path";\nexport const mark = typeof sep;\n'],
]);

test("only modules whose static graph is relative join; the rest keep their own file", () => {
  assert.deepEqual(
    joinable(MODULES, ["core/lazy.js", "core/heavy.js"]).sort(),
    ["core/lazy.js", "core/order.js"],
  );
});

test("the joined entry runs as the separate modules did, with each module's own URL", () => {
  const { text, joined } = bundleEntry(MODULES, "cli/main.js", ["core/lazy.js", "core/heavy.js"]);
  assert.ok(text.startsWith("#!/usr/bin/env node\n"));
  assert.deepEqual(joined.sort(), [
    "core/a.js",
    "core/b.js",
    "core/c.js",
    "core/lazy.js",
    "core/order.js",
    "core/twice.js",
  ]);
  const dir = mkdtempSync(join(tmpdir(), "ac-"));
  try {
    for (const [path, js] of MODULES) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), js);
    }
    writeFileSync(join(dir, "package.json"), '{"type":"module"}');
    writeFileSync(join(dir, "cli", "main.js"), text);
    const run = spawnSync("node", [join(dir, "cli", "main.js")], { encoding: "utf8" });
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(JSON.parse(run.stdout), [
      "hi ac",
      4,
      1,
      42,
      "core/lazy.js",
      "own file",
      "string",
      "lazy",
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("an entry importing a module that cannot join is a build error", () => {
  const modules: EmittedModules = new Map([
    ["cli/main.js", 'import { mark } from "../core/heavy.js";\nconsole.log(mark);\n'],
    ["core/heavy.js", MODULES.get("core/heavy.js")!],
  ]);
  assert.throws(() => bundleEntry(modules, "cli/main.js", []), /cli\/main\.js imports something/);
});

test(
  "served over http, an absolute-URL import of a joined module runs the joined copy, fetching nothing more",
  {
    skip: process.versions.deno ? false : "runs the entry with Deno, which imports http: modules",
  },
  async () => {
    const modules: EmittedModules = new Map([
      [
        "cli/main.js",
        // Computed at run time, as importLazily and the dialect registry do.
        'const url = new URL("../core/lazy.js", import.meta.url).href;\n' +
        "const lazy = await import(url);\nconsole.log(lazy.where, lazy.order.join());\n",
      ],
      ["core/lazy.js", MODULES.get("core/lazy.js")!],
      ["core/order.js", MODULES.get("core/order.js")!],
    ]);
    const { text } = bundleEntry(modules, "cli/main.js", ["core/lazy.js"]);
    const requests: string[] = [];
    const server = createServer((req, res) => {
      requests.push(req.url ?? "");
      if (req.url !== "/pkg/cli/main.js") return void res.writeHead(404).end();
      res.writeHead(200, { "content-type": "application/javascript" }).end(text);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const dir = mkdtempSync(join(tmpdir(), "ac-"));
    try {
      const { port } = server.address() as AddressInfo;
      const child = spawn(process.execPath, [
        "run",
        "--quiet",
        "--no-config",
        "--no-lock",
        "--allow-import=127.0.0.1",
        `http://127.0.0.1:${port}/pkg/cli/main.js`,
      ], { env: { ...process.env, DENO_DIR: dir, NO_COLOR: "1" } });
      let out = "";
      let err = "";
      child.stdout.setEncoding("utf8").on("data", (c) => out += c);
      child.stderr.setEncoding("utf8").on("data", (c) => err += c);
      const status = await new Promise((resolve) => child.on("close", resolve));
      assert.equal(status, 0, err);
      assert.equal(out, "core/lazy.js lazy\n");
      assert.deepEqual(requests, ["/pkg/cli/main.js"]);
    } finally {
      server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  },
);
