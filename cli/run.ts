/**
 * Dispatches argv to a command: top-level help and version, `help <command>`,
 * usage errors (exit 2) and user-facing failures (exit 1, no stack trace).
 *
 * @module
 */

import type { CliContext } from "./_context.ts";
import type { CommandModule, CommandSpec } from "./_command.ts";
import { CliError, UsageError } from "./_errors.ts";
import { COMMANDS } from "./commands.ts";
import { logs } from "./_log.ts";

/** Finds a command by name or alias. */
export function findCommand(
  word: string,
  commands: CommandSpec[] = COMMANDS,
): CommandSpec | undefined {
  return commands.find((c) => c.name === word || c.aliases?.includes(word));
}

/** The top-level help text. */
export function topLevelHelp(ctx: CliContext, commands: CommandSpec[] = COMMANDS): string {
  const name = ctx.brand.name;
  const visible = commands.filter((c) => !c.hidden);
  const width = Math.max(8, ...visible.map((c) => c.name.length));
  const rows = visible.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`).join("\n");
  return `${name} ${ctx.brand.version}

Usage: ${name} <command> [flags]

Commands:
${rows}

Flags:
  -h, --help       show help (also: ${name} help <command>)
  -v, --version    print the version

Run "${name} <command> --help" for a command's flags and examples.
`;
}

/**
 * Runs the CLI with `argv` (without the runtime and script) and returns the
 * exit code. Never throws.
 */
export async function runCli(
  argv: string[],
  ctx: CliContext,
  commands: CommandSpec[] = COMMANDS,
): Promise<number> {
  // `deno task cli -- usage report` and `npm run x -- …` pass the separator on.
  const [first, ...rest] = argv[0] === "--" ? argv.slice(1) : argv;
  let command: string | undefined;
  try {
    if (first === undefined || first === "--help" || first === "-h") {
      ctx.stdout.write(topLevelHelp(ctx, commands));
      return 0;
    }
    if (first === "--version" || first === "-v") {
      ctx.stdout.write(`${ctx.brand.name} ${ctx.brand.version}\n`);
      return 0;
    }
    if (first === "help") {
      if (rest.length === 0) {
        ctx.stdout.write(topLevelHelp(ctx, commands));
        return 0;
      }
      const spec = findCommand(rest[0], commands);
      if (!spec) throw unknownCommand(rest[0], commands);
      ctx.stdout.write(withName(await helpOf(await spec.load(), ctx, rest.slice(1)), ctx));
      return 0;
    }
    if (first.startsWith("-")) throw new UsageError(`unknown flag "${first}"`);
    const spec = findCommand(first, commands);
    if (!spec) throw unknownCommand(first, commands);
    command = spec.name;
    const mod = await spec.load();
    if (rest.includes("--help") || rest.includes("-h")) {
      const dashdash = rest.indexOf("--");
      const helpAt = rest.findIndex((a) => a === "--help" || a === "-h");
      if (dashdash === -1 || helpAt < dashdash) {
        ctx.stdout.write(withName(await helpOf(mod, ctx, rest), ctx));
        return 0;
      }
    }
    return await mod.run(rest, ctx);
  } catch (error) {
    return reportError(error, ctx, command);
  }
}

/** The usage error for an unknown command, naming the closest one when a typo is likely. */
function unknownCommand(word: string, commands: CommandSpec[]): UsageError {
  const names = commands.filter((c) => !c.hidden).flatMap((c) => [c.name, ...(c.aliases ?? [])]);
  const allowed = Math.max(1, Math.floor(word.length / 3));
  let best: string | undefined;
  let bestDistance = allowed + 1;
  for (const name of names) {
    const distance = editDistance(word, name);
    if (distance < bestDistance) [best, bestDistance] = [name, distance];
  }
  const hint = best ? ` — did you mean "${best}"?` : "";
  return new UsageError(`unknown command "${word}"${hint}`);
}

/** Levenshtein distance between two short words. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitute = previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, substitute);
    }
    previous = current;
  }
  return previous[b.length];
}

/** A command's help, fitted to its context when it can be; never fails. */
async function helpOf(
  mod: CommandModule,
  ctx: CliContext,
  args: readonly string[] = [],
): Promise<string> {
  if (!mod.helpFor) return mod.help;
  try {
    return await mod.helpFor(ctx, args);
  } catch {
    return mod.help;
  }
}

/** Help texts say `agent-connector`; a branded CLI shows its own name. */
function withName(help: string, ctx: CliContext): string {
  const text = help.endsWith("\n") ? help : `${help}\n`;
  return ctx.brand.name === "agent-connector"
    ? text
    : text.replaceAll("agent-connector ", `${ctx.brand.name} `);
}

/**
 * Prints a failure the way users should see it and returns its exit code. A
 * usage error points at the help of `command` when one was given.
 */
export function reportError(error: unknown, ctx: CliContext, command?: string): number {
  const name = ctx.brand.name;
  if (error instanceof UsageError) {
    const help = command ? `${name} ${command} --help` : `${name} --help`;
    ctx.stderr.write(`${name}: ${error.message}\nRun "${help}" for usage.\n`);
    return 2;
  }
  if (error instanceof CliError) {
    ctx.stderr.write(`${name}: ${error.message}\n`);
    return error.exitCode;
  }
  const message = error instanceof Error ? error.message : String(error);
  ctx.stderr.write(`${name}: ${message}\n`);
  if (logs(ctx.machine.env, "debug") && error instanceof Error && error.stack) {
    ctx.stderr.write(`${error.stack}\n`);
  }
  return 1;
}
