/**
 * One spelling of a project for every host: the absolute working folder the
 * host logged, so `usage report --by project` shows one row for a folder
 * worked in with several hosts. Hosts that log only an encoded folder name
 * are decoded here, lossily (see each decoder).
 *
 * @module
 */

const WINDOWS = /^[A-Za-z]:|\\/;

/**
 * `raw` as a project key: a POSIX path loses its trailing slashes (the root
 * stays `/`); a Windows-style path (drive letter or backslashes) is kept as
 * logged, as is anything else.
 */
export function projectPath(raw: string): string {
  if (raw.length < 2 || raw.charCodeAt(raw.length - 1) !== 47 || WINDOWS.test(raw)) return raw;
  let end = raw.length;
  while (end > 1 && raw.charCodeAt(end - 1) === 47) end--;
  return raw.slice(0, end);
}

/**
 * The working folder of a Claude Code `projects/<name>` folder, for logs
 * whose lines carry no `cwd`. Claude Code replaces every character of the
 * folder that is not a letter or digit with `-`, so this is a guess: `-` back
 * to `/` (`-home-me-work` → `/home/me/work`, but `my-app`, `my.app` and
 * `my_app` all come back as `my/app`), and `C--Users-me` → `C:\Users\me`.
 * A name of another shape is returned as it is.
 */
export function decodeClaudeFolder(name: string): string {
  if (name.startsWith("-")) return name.replace(/-/g, "/");
  const drive = /^([A-Za-z])--(.*)$/.exec(name);
  return drive ? `${drive[1]}:\\${drive[2].replace(/-/g, "\\")}` : name;
}

/**
 * The working folder of a pi `sessions/--<name>--` folder, for a session
 * file whose `session` line has no `cwd`. pi writes the folder without its
 * leading separator, with `/`, `\` and `:` turned into `-`: decoding is as
 * lossy as {@link decodeClaudeFolder} (`--home-me-work--` → `/home/me/work`,
 * `--C--Users-me--` → `C:\Users\me`).
 */
export function decodePiFolder(name: string): string {
  const inner = /^--(.*)--$/.exec(name)?.[1];
  if (inner === undefined) return name;
  const drive = /^([A-Za-z])--(.*)$/.exec(inner);
  return drive ? `${drive[1]}:\\${drive[2].replace(/-/g, "\\")}` : `/${inner.replace(/-/g, "/")}`;
}
