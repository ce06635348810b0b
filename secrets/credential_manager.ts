/**
 * The Windows Credential Manager backend: Windows PowerShell from
 * `%SystemRoot%` (never from PATH) calling CredWriteW / CredReadW /
 * CredDeleteW through `Add-Type`. One generic credential per secret, target
 * `agent-connector/<id>/<name>`, user name `<name>`, persisted per machine.
 *
 * The script travels as `-EncodedCommand` (it holds no value); the value goes
 * to stdin as base64 of its UTF-8 bytes, which become the credential blob
 * (at most 2,560 bytes: CRED_MAX_CREDENTIAL_BLOB_SIZE). Reads print the blob as
 * base64 on stdout. Exit 3 means "no such credential" (ERROR_NOT_FOUND, 1168).
 *
 * @module
 */

import { win32 } from "node:path";
import {
  type BackendContext,
  FILE_BACKEND_HINT,
  firstLine,
  type SecretBackend,
  spawnFailure,
  utf8Length,
  wrongOs,
} from "./_backend.ts";
import { SecretError } from "./errors.ts";
import { childEnv, type SpawnResult } from "./spawn.ts";
import type { BackendAvailability } from "./types.ts";

/** The largest credential blob Windows accepts (5 × 512 bytes). */
export const CREDENTIAL_MAX_BYTES = 2560;

const NOT_FOUND_EXIT = 3;

/** The Credential Manager target of one secret. */
export function credentialTarget(connectorId: string, name: string): string {
  return `agent-connector/${connectorId}/${name}`;
}

/** Windows PowerShell under `%SystemRoot%` (C:\Windows when unset). */
export function powershellPath(env: Record<string, string | undefined>): string {
  const root = env.SystemRoot ?? env.SYSTEMROOT ?? "C:\\Windows";
  return win32.join(root, "System32", "WindowsPowerShell", "v1.0", "powershell.exe");
}

const NATIVE = `
using System;
using System.Runtime.InteropServices;
public static class AgentConnectorCred {
  [StructLayout(LayoutKind.Sequential, CharSet = CharSet.Unicode)]
  struct CREDENTIAL {
    public uint Flags; public uint Type; public string TargetName; public string Comment;
    public System.Runtime.InteropServices.ComTypes.FILETIME LastWritten;
    public uint CredentialBlobSize; public IntPtr CredentialBlob; public uint Persist;
    public uint AttributeCount; public IntPtr Attributes; public string TargetAlias; public string UserName;
  }
  [DllImport("advapi32.dll", CharSet = CharSet.Unicode, SetLastError = true)]
  static extern bool CredWriteW(ref CREDENTIAL credential, uint flags);
  [DllImport("advapi32.dll", CharSet = CharSet.Unicode, SetLastError = true)]
  static extern bool CredReadW(string target, uint type, uint flags, out IntPtr credential);
  [DllImport("advapi32.dll", CharSet = CharSet.Unicode, SetLastError = true)]
  static extern bool CredDeleteW(string target, uint type, uint flags);
  [DllImport("advapi32.dll")]
  static extern void CredFree(IntPtr buffer);
  public static int Write(string target, string user, byte[] blob) {
    var cred = new CREDENTIAL();
    cred.Type = 1; cred.Persist = 2; cred.TargetName = target; cred.UserName = user;
    cred.CredentialBlobSize = (uint)blob.Length;
    cred.CredentialBlob = Marshal.AllocHGlobal(Math.Max(blob.Length, 1));
    try {
      Marshal.Copy(blob, 0, cred.CredentialBlob, blob.Length);
      return CredWriteW(ref cred, 0) ? 0 : Marshal.GetLastWin32Error();
    } finally {
      for (int i = 0; i < blob.Length; i++) Marshal.WriteByte(cred.CredentialBlob, i, 0);
      Marshal.FreeHGlobal(cred.CredentialBlob);
    }
  }
  public static byte[] Read(string target, out int error) {
    IntPtr p;
    if (!CredReadW(target, 1, 0, out p)) { error = Marshal.GetLastWin32Error(); return null; }
    try {
      var cred = (CREDENTIAL)Marshal.PtrToStructure(p, typeof(CREDENTIAL));
      var blob = new byte[cred.CredentialBlobSize];
      if (blob.Length > 0) Marshal.Copy(cred.CredentialBlob, blob, 0, blob.Length);
      error = 0;
      return blob;
    } finally { CredFree(p); }
  }
  public static int Delete(string target) {
    return CredDeleteW(target, 1, 0) ? 0 : Marshal.GetLastWin32Error();
  }
}`;

/** Quotes `text` as a PowerShell single-quoted literal. */
function psQuote(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/** The PowerShell script of one operation. It never contains a value. */
export function credentialScript(
  op: "write" | "read" | "delete",
  connectorId: string,
  name: string,
): string {
  const target = psQuote(credentialTarget(connectorId, name));
  const head = `$ErrorActionPreference = 'Stop'\nAdd-Type -TypeDefinition @'${NATIVE}\n'@\n`;
  const fail = (what: string) =>
    `[Console]::Error.WriteLine("${what} failed: Win32 error $e"); exit 1`;
  if (op === "write") {
    return head +
      `$b = [Convert]::FromBase64String([Console]::In.ReadToEnd().Trim())\n` +
      `$e = [AgentConnectorCred]::Write(${target}, ${psQuote(name)}, $b)\n` +
      `if ($e -ne 0) { ${fail("CredWriteW")} }\nexit 0\n`;
  }
  if (op === "read") {
    return head +
      `$e = 0\n$b = [AgentConnectorCred]::Read(${target}, [ref]$e)\n` +
      `if ($null -eq $b) { if ($e -eq 1168) { exit ${NOT_FOUND_EXIT} }; ${fail("CredReadW")} }\n` +
      `[Console]::Out.Write([Convert]::ToBase64String($b))\nexit 0\n`;
  }
  return head +
    `$e = [AgentConnectorCred]::Delete(${target})\n` +
    `if ($e -eq 1168) { exit ${NOT_FOUND_EXIT} }\nif ($e -ne 0) { ${
      fail("CredDeleteW")
    } }\nexit 0\n`;
}

/** The powershell.exe arguments that run `script` (UTF-16LE base64, as -EncodedCommand wants). */
export function powershellArgs(script: string): string[] {
  const utf16 = new Uint8Array(script.length * 2);
  for (let i = 0; i < script.length; i++) {
    const code = script.charCodeAt(i);
    utf16[i * 2] = code & 0xff;
    utf16[i * 2 + 1] = code >> 8;
  }
  return [
    "-NoProfile",
    "-NonInteractive",
    "-ExecutionPolicy",
    "Bypass",
    "-EncodedCommand",
    bytesToBase64(utf16),
  ];
}

function bytesToBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

function base64ToUtf8(text: string): string {
  const binary = atob(text.trim());
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new TextDecoder().decode(bytes);
}

/** Creates the credential-manager backend. */
export function credentialManagerBackend(ctx: BackendContext): SecretBackend {
  const exe = powershellPath(ctx.env);
  const run = (script: string, input?: string): SpawnResult => {
    const result = ctx.spawn(exe, powershellArgs(script), {
      // PowerShell (and .NET) fail to start without SystemRoot; a host may strip it.
      env: {
        SystemRoot: win32.dirname(win32.dirname(win32.dirname(win32.dirname(exe)))),
        ...childEnv(ctx.env),
      },
      ...(input !== undefined ? { input } : {}),
    });
    const failure = spawnFailure("credential-manager", exe, result);
    if (failure) throw failure;
    return result;
  };
  const failed = (action: string, result: SpawnResult) =>
    new SecretError(
      "backend-failed",
      `credential-manager: could not ${action}: ${
        firstLine(result.stderr) || `exit status ${result.status}`
      }`,
    );

  const backend: SecretBackend = {
    id: "credential-manager",
    availability(): BackendAvailability {
      // No cheap probe exists (PowerShell's start-up alone is ~0.3 s); OS and program suffice.
      if (ctx.os !== "win32") return wrongOs("credential-manager", "Windows", ctx.os);
      if (!ctx.exists(exe)) {
        return {
          backend: "credential-manager",
          available: false,
          detail: `${exe} was not found`,
          hint: FILE_BACKEND_HINT,
        };
      }
      return {
        backend: "credential-manager",
        available: true,
        detail: `${exe} (Windows Credential Manager)`,
      };
    },
    checkValue(_connectorId, name, value) {
      const bytes = utf8Length(value);
      if (bytes > CREDENTIAL_MAX_BYTES) {
        throw new SecretError(
          "invalid-value",
          `secret "${name}" is ${bytes} bytes; the credential-manager backend stores at most ${CREDENTIAL_MAX_BYTES} bytes`,
          { hint: FILE_BACKEND_HINT },
        );
      }
    },
    read(connectorId, name) {
      const result = run(credentialScript("read", connectorId, name));
      if (result.status === NOT_FOUND_EXIT) return null;
      if (result.status !== 0) throw failed(`read secret "${name}"`, result);
      return base64ToUtf8(result.stdout);
    },
    write(connectorId, name, value) {
      backend.checkValue(connectorId, name, value);
      const input = bytesToBase64(new TextEncoder().encode(value));
      const result = run(credentialScript("write", connectorId, name), `${input}\n`);
      if (result.status !== 0) throw failed(`store secret "${name}"`, result);
      if (backend.read(connectorId, name) !== value) {
        throw new SecretError(
          "backend-failed",
          `credential-manager: secret "${name}" did not read back unchanged after storing it`,
        );
      }
    },
    remove(connectorId, name) {
      const result = run(credentialScript("delete", connectorId, name));
      if (result.status === NOT_FOUND_EXIT) return false;
      if (result.status !== 0) throw failed(`delete secret "${name}"`, result);
      return true;
    },
  };
  return backend;
}
