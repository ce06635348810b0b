/**
 * Cline's doctor check: the two runtimes' Documents folders. A user install
 * puts hooks, workflows and rules in `<Documents>/Cline/`, Documents as the
 * extension finds it (documents.ts). The CLI always reads
 * `~/Documents/Cline/` (cline/cline@21cb8d2525bcedf1f4b6890b27a74a14fe7451e4
 * sdk/packages/shared/src/storage/paths.ts `resolveDocumentsExtensionPath`),
 * so where `xdg-user-dir DOCUMENTS` names another folder — a renamed
 * Documents, or the home folder itself when `~/.config/user-dirs.dirs` is
 * absent — the CLI runs none of those hooks or workflows (measured with CLI
 * 3.0.65 in the lab, tests/lab/hosts/cline.ts).
 *
 * @module
 */

import type { DoctorCheckInput, HostFinding } from "../descriptor.ts";
import { pathApi } from "../paths.ts";
import { clineDocuments } from "./documents.ts";

const extensionFolder = clineDocuments("Cline");

/** Warns on a user install when the extension's and the CLI's Cline folders differ. */
export function clineDocumentsCheck(input: DoctorCheckInput): Promise<HostFinding[]> {
  if (input.scope !== "user") return Promise.resolve([]);
  const ctx = { ...input.ctx, probe: input.ctx.probe ?? input.probe };
  const extension = extensionFolder(ctx);
  const cli = pathApi(ctx.os).join(ctx.home, "Documents", "Cline");
  if (extension === cli) return Promise.resolve([]);
  return Promise.resolve([{
    status: "warn",
    message: `hooks and workflows are in ${extension}, the folder Cline's extension reads ` +
      `(xdg-user-dir DOCUMENTS), but the Cline CLI reads only ${cli}: the CLI runs none of them`,
    fix: "install with --scope project (.clinerules/ serves both runtimes), or uninstall, set " +
      'XDG_DOCUMENTS_DIR="$HOME/Documents" in ~/.config/user-dirs.dirs and install again',
  }]);
}
