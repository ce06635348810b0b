/**
 * Flat hook-entry shapes shared by more than one host. (One-host shapes stay
 * in that host's descriptor: Cursor's `{command}`, VS Code's
 * `{type, command}`.)
 *
 * @module
 */

/**
 * A GitHub Copilot command hook (Copilot CLI, JetBrains; github/docs
 * hooks-reference.md "Command hooks"): the same command for `bash` and
 * `powershell`, and the documented default `timeoutSec` written out. A
 * quoted program (a home binary under a path with spaces) is run with
 * PowerShell's call operator, which it needs to run a quoted path.
 *
 * @example
 * ```ts
 * import { copilotHookEntry } from "./hook_entries.ts";
 * copilotHookEntry('"C:/Users/A B/.agent-connector/bin/agent-connector.cmd" hook copilot-cli Stop --connector x').powershell;
 * // '& "C:/Users/A B/.agent-connector/bin/agent-connector.cmd" hook copilot-cli Stop --connector x'
 * ```
 */
export function copilotHookEntry(command: string): Record<string, unknown> {
  return {
    type: "command",
    bash: command,
    powershell: command.startsWith('"') ? `& ${command}` : command,
    timeoutSec: 30,
  };
}
