/**
 * `install`: deploy the connector into every detected host (or `--targets`).
 *
 * @module
 */

import type { CliContext } from "./_context.ts";
import { parseCommandArgs } from "./_args.ts";
import { BACKUP_POLICY } from "../io/backups.ts";
import { assertConnectorRecordReadable } from "../io/connector_record.ts";
import { dataRoot } from "../io/data_root.ts";
import { installConnector } from "../install/pipeline.ts";
import {
  assertProjectFolder,
  INSTALL_FLAGS,
  loadForCommand,
  printResult,
  runOptionsOf,
} from "./_install_common.ts";
import { secretWarnings } from "./_secret_warnings.ts";
import { loginRecords, loginWarnings } from "./_login_warnings.ts";
import { relativePathWarnings } from "./_path_warnings.ts";
import { renamedIdWarnings } from "./_renamed_warnings.ts";
import { idOrigin } from "../core/define_connector.ts";
import { unstableEntryNote } from "./_update_guidance.ts";
import { currentLauncherTarget } from "../install/home_bin.ts";
import { note } from "./_log.ts";
import { mergeResults, METHOD_HELP, methodOf, splitByMethod } from "./_method.ts";
import { installByMarketplace } from "../marketplace/engine.ts";

/** Help text. */
export const help: string =
  `Usage: agent-connector install [--scope user|project] [--targets a,b] [--connector <path>]
                               [--project <dir>] [--method <m>] [--dry-run] [--force] [--json]

Renders the connector into each target host's own config: MCP server, hooks,
commands, skills, subagents, memory, status line and configPatch keys, in
that order. Prints one line per change: + create, ~ update, - remove,
= unchanged, ! warning. A surface a host cannot take is reported with ! and
does not fail the install; exit 1 means something asked for could not be
done (a conflict with your own entry, an unreadable file, a missing secret).

Flags:
  --scope user|project   where to write (default user: only under your home)
  --targets a,b          these hosts instead of every detected one
  --connector <path>     the connector config (default: found from the project)
  --project <dir>        the project (default: the current directory)
  --dry-run              show the changes; write nothing
  --force                overwrite memory blocks you edited by hand (after a backup)
${METHOD_HELP}
  --json                 print the InstallResult as JSON

${wrap(`Backups: ${BACKUP_POLICY}`)}

Examples:
  agent-connector install --dry-run
  agent-connector install --targets claude-code --scope project
  agent-connector install --method marketplace --targets claude-code,gemini-cli
`;

/** Breaks prose into lines of at most 78 columns, as the rest of the help is written. */
function wrap(text: string): string {
  const lines = [""];
  // A placeholder such as `<data root>` is one word.
  for (const word of text.match(/(?:<[^>]*>|[^\s<])+/g) ?? []) {
    const last = lines.length - 1;
    if (lines[last] && lines[last].length + 1 + word.length > 78) lines.push(word);
    else lines[last] += lines[last] ? ` ${word}` : word;
  }
  return lines.join("\n");
}

/** The note on where the home launcher's copy lives, when it can vanish. */
function launcherNote(ctx: CliContext): string | undefined {
  try {
    return unstableEntryNote(currentLauncherTarget(ctx.machine).entry, ctx.brand.name);
  } catch {
    return undefined; // no launcher target: install's own home-binary record says why
  }
}

/** Runs the command. */
export async function run(args: string[], ctx: CliContext): Promise<number> {
  const parsed = parseCommandArgs("install", args, INSTALL_FLAGS);
  const method = methodOf(parsed, "install", "direct");
  assertProjectFolder(parsed, ctx, "install");
  const opts = runOptionsOf(parsed, ctx, "install");
  const loaded = await loadForCommand(parsed, ctx, opts.projectDir);
  assertConnectorRecordReadable(dataRoot(ctx.machine), loaded.connector.id);
  const warnings = [
    ...renamedIdWarnings(loaded.connector.id, loaded.modulePath, ctx.machine, ctx.brand.name),
    ...relativePathWarnings(loaded.connector, loaded.modulePath, opts.targets),
    ...await secretWarnings(loaded.connector, loaded.modulePath, ctx.machine, opts.targets),
  ];
  if (idOrigin(loaded.connector) === "name") {
    // Not a warning (install succeeds), but the id is what every host file and
    // every later command names, so the user should see where it came from.
    note(
      ctx,
      `the install id "${loaded.connector.id}" comes from the package name ` +
        `"${loaded.connector.mcp?.name}" because ${
          loaded.packageJsonPath ? `"${loaded.packageJsonPath}"` : "package.json"
        } has no "bin"; add "bin" there or set id in the config to choose it`,
    );
  }
  const launcher = launcherNote(ctx);
  if (launcher && !opts.dryRun) note(ctx, launcher);
  const logins = await loginWarnings(loaded.connector, ctx.machine);
  const split = await splitByMethod(method, loaded.connector.id, opts, "install");
  const direct = split.direct ? await installConnector(loaded, split.direct) : undefined;
  const market = split.marketplace.length
    ? installByMarketplace(loaded, {
      machine: ctx.machine,
      targets: split.marketplace,
      dryRun: opts.dryRun,
    })
    : undefined;
  const result = mergeResults(loaded.connector.id, opts.dryRun, split, direct, market);
  return printResult(result, parsed, ctx, warnings, loginRecords(result.hosts, logins));
}
