/**
 * A JSR registry stand-in on 127.0.0.1 serving this checkout as
 * `@ken-jo/agent-connector@<version>`: `meta.json`, `<version>_meta.json`
 * (the file manifest with sha256 checksums, and the exports) and the files
 * of `deno publish --dry-run`'s list, with bare specifiers unfurled through
 * deno.json's import map the way publishing does. Point Deno at it with
 * `JSR_URL`; `requests` lists the paths asked for, so a test can prove a run
 * asked for nothing.
 *
 * @module
 */

import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import process from "node:process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";

/** A running stand-in. */
export interface JsrStandIn {
  /** The `JSR_URL` value (ends with `/`). */
  url: string;
  /** The package version served. */
  version: string;
  /** Every request path, in order. */
  requests: string[];
  /** The bytes served for a file of the version (`cli/main_linked.js`), as published. */
  served(file: string): Uint8Array | undefined;
  /** Stops the server. */
  close(): Promise<void>;
}

/** The files `deno publish --dry-run` would upload, relative to `root`. */
export function publishedFiles(deno: string, root: string): string[] {
  const run = spawnSync(
    deno,
    ["publish", "--dry-run", "--allow-dirty", "--no-check", "--allow-slow-types"],
    { cwd: root, encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } },
  );
  const prefix = `file://${root.endsWith("/") ? root : `${root}/`}`;
  const files = [...`${run.stdout}${run.stderr}`.matchAll(/^\s+(file:\/\/\S+) \(/gm)]
    .map((m) => m[1])
    .filter((u) => u.startsWith(prefix))
    .map((u) => decodeURIComponent(u.slice(prefix.length)));
  if (!files.length) throw new Error(`deno publish --dry-run listed no files: ${run.stderr}`);
  return files.sort();
}

/** Rewrites bare import specifiers through `imports` (exact keys, then `…/` prefixes). */
export function unfurl(text: string, imports: Record<string, string>): string {
  const map = (spec: string): string => {
    if (imports[spec]) return imports[spec];
    for (const [key, value] of Object.entries(imports)) {
      if (key.endsWith("/") && spec.startsWith(key)) return value + spec.slice(key.length);
    }
    return spec;
  };
  return text.replace(
    /((?:\bfrom|\bimport)\s*\(?\s*)(["'])([^"'.\s][^"'\s]*)\2/g,
    (_all, head: string, q: string, spec: string) => `${head}${q}${map(spec)}${q}`,
  );
}

/** Serves `root` as the package in its deno.json, at its version. */
export async function startJsrStandIn(deno: string, root: string): Promise<JsrStandIn> {
  // The pre-linked entry is generated, not committed: build it if missing or stale.
  const { ensureLinkedEntry } = await import("../../scripts/build_hook_entry.ts");
  ensureLinkedEntry(root);
  const config = JSON.parse(readFileSync(join(root, "deno.json"), "utf8"));
  const [scope, name] = (config.name as string).slice(1).split("/");
  const version = config.version as string;
  const bodies = new Map<string, Uint8Array>();
  const manifest: Record<string, { size: number; checksum: string }> = {};
  for (const file of publishedFiles(deno, root)) {
    let bytes: Uint8Array = readFileSync(join(root, file));
    if (/\.(ts|js|mjs|mts|tsx|jsx)$/.test(file)) {
      bytes = new TextEncoder().encode(
        unfurl(new TextDecoder().decode(bytes), config.imports ?? {}),
      );
    }
    bodies.set(`/${file}`, bytes);
    manifest[`/${file}`] = {
      size: bytes.length,
      checksum: `sha256-${createHash("sha256").update(bytes).digest("hex")}`,
    };
  }
  const base = `/@${scope}/${name}/`;
  const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
  const routes = new Map<string, Uint8Array>([
    [`${base}meta.json`, json({ scope, name, latest: version, versions: { [version]: {} } })],
    [`${base}${version}_meta.json`, json({ manifest, exports: config.exports })],
  ]);
  for (const [file, bytes] of bodies) routes.set(`${base}${version}${file}`, bytes);
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    requests.push(path);
    const body = routes.get(path);
    if (!body) {
      res.writeHead(404).end();
      return;
    }
    const type = path.endsWith(".json")
      ? "application/json"
      : path.endsWith(".ts")
      ? "application/typescript"
      : /\.m?js$/.test(path)
      ? "application/javascript"
      : "text/plain";
    res.writeHead(200, { "content-type": type, "content-length": body.length }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/`,
    version,
    requests,
    served: (file) => bodies.get(`/${file}`),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
