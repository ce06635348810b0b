/**
 * Installs every host CLI the real-host lab runs at its pinned version (`pins.ts`) into a
 * cache folder outside the repository, one folder per `<id>@<version>`, reused between
 * runs. A finished install leaves a marker naming what it installed; a folder with the
 * right marker is skipped, so a second run does nothing. An install goes to a scratch
 * folder first and is renamed into place only when npm succeeded, so an interrupted run
 * never leaves a half-installed host that looks whole.
 *
 * Usage: `deno run -A tests/lab/install_hosts.ts [--only id,id] [--jobs N]`
 * Env: `AGENT_CONNECTOR_HOSTS_CACHE` (default `~/.cache/agent-connector/hosts`).
 *
 * @module
 */
import { spawn } from "node:child_process";
import process from "node:process";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import {
  HOST_PINS,
  hostDir,
  hostMarker,
  type HostPin,
  hostsCacheDir,
  nodePackage,
  pinSpecs,
} from "./pins.ts";

/** What happened to one host in an install run. */
export interface InstallResult {
  /** The host id. */
  id: string;
  /** `cached` when the marker was already there, `installed` or `failed` otherwise. */
  status: "cached" | "installed" | "failed";
  /** Wall time in milliseconds. */
  ms: number;
  /** npm's output tail when the install failed. */
  error?: string;
}

function markerText(pin: HostPin): string {
  return pinSpecs(pin).join("\n") + "\n";
}

/** True when the pin's install folder holds a finished install of exactly its specs. */
export function isInstalled(cache: string, pin: HostPin): boolean {
  const marker = hostMarker(cache, pin);
  return existsSync(marker) && readFileSync(marker, "utf8") === markerText(pin);
}

/** The package.json a seed gets: its dependencies, pinned, as the host itself writes it. */
function seedPackageJson(specs: readonly string[]): string {
  const deps = Object.fromEntries(specs.map((spec) => {
    const at = spec.lastIndexOf("@");
    return [spec.slice(0, at), spec.slice(at + 1)];
  }));
  return JSON.stringify({ dependencies: deps }, null, 2);
}

function npmInstall(
  dir: string,
  specs: string[],
  save = false,
  path?: string,
): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      "npm",
      [
        "install",
        "--prefix",
        dir,
        ...(save ? [] : ["--no-save"]),
        "--no-audit",
        "--no-fund",
        "--no-update-notifier",
        "--loglevel=error",
        ...specs,
      ],
      {
        stdio: ["ignore", "pipe", "pipe"],
        ...(path ? { env: { ...process.env, PATH: `${path}:${process.env.PATH ?? ""}` } } : {}),
      },
    );
    let out = "";
    child.stdout.on("data", (d) => out += d);
    child.stderr.on("data", (d) => out += d);
    child.on("close", (code) => resolve({ code: code ?? 1, out }));
  });
}

/** Installs one pinned host unless its finished install is already in the cache. */
export async function installHost(cache: string, pin: HostPin): Promise<InstallResult> {
  const start = performance.now();
  if (isInstalled(cache, pin)) return { id: pin.id, status: "cached", ms: 0 };
  const final = hostDir(cache, pin);
  const scratch = `${final}.partial-${process.pid}`;
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  // An empty package.json keeps npm from walking up to a parent project.
  writeFileSync(`${scratch}/package.json`, '{"private":true}\n');
  let code = 0;
  let out = "";
  let path: string | undefined;
  if (pin.node) {
    // The host's own install scripts check the Node.js version: install that one first.
    const runtime = `${scratch}/runtime`;
    mkdirSync(runtime, { recursive: true });
    writeFileSync(`${runtime}/package.json`, '{"private":true}\n');
    ({ code, out } = await npmInstall(runtime, [`${nodePackage()}@${pin.node}`]));
    path = `${runtime}/node_modules/${nodePackage()}/bin`;
  }
  if (code === 0) {
    ({ code, out } = await npmInstall(
      scratch,
      [`${pin.pkg}@${pin.version}`, ...(pin.extra ?? [])],
      false,
      path,
    ));
  }
  for (const [name, specs] of Object.entries(pin.seeds ?? {})) {
    if (code !== 0) break;
    const dir = `${scratch}/seeds/${name}`;
    mkdirSync(dir, { recursive: true });
    writeFileSync(`${dir}/package.json`, seedPackageJson(specs));
    ({ code, out } = await npmInstall(dir, [], true));
  }
  const ms = Math.round(performance.now() - start);
  if (code !== 0) {
    rmSync(scratch, { recursive: true, force: true });
    return { id: pin.id, status: "failed", ms, error: out.trim().split("\n").slice(-8).join("\n") };
  }
  writeFileSync(`${scratch}/.installed`, markerText(pin));
  rmSync(final, { recursive: true, force: true });
  renameSync(scratch, final);
  return { id: pin.id, status: "installed", ms };
}

async function main(args: string[]): Promise<number> {
  const onlyAt = args.indexOf("--only");
  const only = onlyAt >= 0 ? new Set(args[onlyAt + 1]?.split(",")) : undefined;
  const jobsAt = args.indexOf("--jobs");
  const jobs = Math.max(1, Number(jobsAt >= 0 ? args[jobsAt + 1] : 2) || 2);
  const cache = hostsCacheDir(process.env);
  mkdirSync(cache, { recursive: true });
  const queue = HOST_PINS.filter((p) => !only || only.has(p.id));
  const results: InstallResult[] = [];
  const worker = async () => {
    for (let pin = queue.shift(); pin; pin = queue.shift()) {
      const r = await installHost(cache, pin);
      results.push(r);
      const line = `${r.status.padEnd(9)} ${pin.id}@${pin.version} ${(r.ms / 1000).toFixed(1)}s`;
      console.log(r.error ? `${line}\n${r.error}` : line);
    }
  };
  await Promise.all(Array.from({ length: jobs }, worker));
  console.log(`hosts cache: ${cache}`);
  return results.some((r) => r.status === "failed") ? 1 : 0;
}

if (import.meta.main) process.exitCode = await main(process.argv.slice(2));
