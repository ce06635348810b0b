/**
 * `package`: emit the connector as marketplace/extension-installable bundles
 * (spec §3 `package`; package/mod.ts).
 *
 * @module
 */

import { isAbsolute, relative, resolve } from "node:path";
import type { CliContext } from "./_context.ts";
import { boolFlag, parseCommandArgs, SHARED_FLAGS, stringFlag } from "./_args.ts";
import { CliError, UsageError } from "./_errors.ts";
import { assertProjectFolder, loadForCommand, projectDirOf } from "./_install_common.ts";
import {
  chooseFormats,
  FormatError,
  HOST_FORMATS,
  type PackageTree,
  STANDARD_FORMATS,
  writePackageTree,
} from "../package/mod.ts";
import { assertWritableOut } from "../package/write_tree.ts";
import { packageLoaded } from "../package/from_loaded.ts";

/** Help text. */
export const help: string =
  `Usage: agent-connector package [--connector <path>] [--format <fmt>|all] [--out <dir>]
                               [--project <dir>] [--dry-run] [--json]

Writes the connector as a plugin/extension bundle a host installs from a
marketplace or a folder, then prints the files and how to install it. The
MCP server runs through the bundled bin/agent-connector.mjs launcher (home
binary, else agent-connector on PATH, else npx), so the bundle holds no
absolute path and needs no global install. No secret value and no OAuth
field is ever written. --out is replaced as a whole, atomically; a folder
this command did not write is never touched.

Formats (default agent-plugin):
  ${HOST_FORMATS.slice(0, 5).join(", ")},
  ${HOST_FORMATS.slice(5).join(", ")}
  all: every host format that is supported. By name only (never in all):
  ${STANDARD_FORMATS.join(", ")}. A format not supported yet fails and names
  the supported ones.

Flags:
  --connector <path>   the connector config (default: found from the project)
  --format <fmt>|all   the format (default agent-plugin)
  --out <dir>          the bundle folder (default ./dist-plugin; with several
                       formats each goes into <dir>/<format>/)
  --project <dir>      the project (default: the current directory)
  --dry-run            print the files; write nothing
  --json               print the result as JSON

Examples:
  npx @ken-jo/agent-connector package --connector ./agent-connector.config.mjs
  agent-connector package --format agent-plugin --out ./plugin --dry-run
`;

const FLAGS = {
  connector: SHARED_FLAGS.connector,
  project: SHARED_FLAGS.project,
  "dry-run": SHARED_FLAGS["dry-run"],
  json: SHARED_FLAGS.json,
  format: { type: "string" as const },
  out: { type: "string" as const },
};

/** `dir` as printed: `./x` below the working folder, else absolute. */
function shown(dir: string, cwd: string): string {
  const rel = relative(cwd, dir);
  if (rel === "") return ".";
  return rel.startsWith("..") || isAbsolute(rel) ? dir : `./${rel.split("\\").join("/")}`;
}

function textReport(tree: PackageTree, out: string, dryRun: boolean, cwd: string): string {
  const lines: string[] = [];
  const where = shown(out, cwd);
  lines.push(dryRun ? `Would write ${where}/ (dry run, nothing written):` : `Wrote ${where}/:`);
  for (const file of tree.files) lines.push(`  ${file.path}`);
  for (const pkg of tree.packages) for (const w of pkg.warnings) lines.push(`! ${w}`);
  lines.push("Install:");
  for (const pkg of tree.packages) {
    const dir = tree.roots[pkg.format] ? `${where}/${tree.roots[pkg.format].slice(0, -1)}` : where;
    for (const line of pkg.install) {
      lines.push(`  ${pkg.format} — ${line.replaceAll("<dir>", dir)}`);
    }
  }
  return `${lines.join("\n")}\n`;
}

/** Runs the command. */
export async function run(args: string[], ctx: CliContext): Promise<number> {
  const parsed = parseCommandArgs("package", args, FLAGS);
  assertProjectFolder(parsed, ctx, "package");
  let choice;
  try {
    choice = chooseFormats(stringFlag(parsed, "format"));
  } catch (error) {
    if (error instanceof FormatError) throw new UsageError(`package: ${error.message}`);
    throw error;
  }
  const out = resolve(ctx.machine.cwd, stringFlag(parsed, "out") ?? "dist-plugin");
  const dryRun = boolFlag(parsed, "dry-run");
  const loaded = await loadForCommand(parsed, ctx, projectDirOf(parsed, ctx));
  let tree: PackageTree;
  try {
    tree = packageLoaded(loaded, choice.formats, choice.nested);
    if (dryRun) assertWritableOut(out);
    else writePackageTree(out, tree.files);
  } catch (error) {
    // A missing publish field, an id a format cannot take, a --out we did not write.
    throw new CliError(`package: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (choice.deprecation) ctx.stderr.write(`${choice.deprecation}\n`);
  const notYet = choice.skipped.length
    ? `not supported yet (skipped by all): ${choice.skipped.join(", ")}`
    : undefined;
  if (boolFlag(parsed, "json")) {
    ctx.stdout.write(`${
      JSON.stringify(
        {
          connectorId: loaded.connector.id,
          out,
          dryRun,
          formats: tree.packages.map((p) => ({
            format: p.format,
            root: tree.roots[p.format],
            files: p.files.map((f) => f.path),
            warnings: p.warnings,
            install: p.install,
          })),
          skipped: choice.skipped,
        },
        null,
        2,
      )
    }\n`);
    return 0;
  }
  ctx.stdout.write(textReport(tree, out, dryRun, ctx.machine.cwd));
  if (notYet) ctx.stdout.write(`${notYet}\n`);
  return 0;
}
