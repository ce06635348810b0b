/**
 * Every host the scenario suite runs, in order.
 *
 * @module
 */
import type { LabHost } from "./_types.ts";
import { claudeCode } from "./claude_code.ts";
import { codex } from "./codex.ts";
import { geminiCli } from "./gemini_cli.ts";
import { qwenCode } from "./qwen_code.ts";
import { copilotCli } from "./copilot_cli.ts";
import { opencode } from "./opencode.ts";
import { droid } from "./droid.ts";
import { kilo } from "./kilo.ts";
import { pi } from "./pi.ts";
import { omp } from "./omp.ts";
import { continueCli } from "./continue_cli.ts";
import { openclaw } from "./openclaw.ts";
import { amp } from "./amp.ts";
import { clineCli } from "./cline.ts";

export type { CheckId, HostCtx, LabHost } from "./_types.ts";
export { CHECKS } from "./_types.ts";

/** The hosts with a lab recipe, in the order the suite runs them. */
export const LAB_HOSTS: readonly LabHost[] = [
  claudeCode,
  codex,
  geminiCli,
  qwenCode,
  copilotCli,
  opencode,
  droid,
  kilo,
  pi,
  omp,
  continueCli,
  openclaw,
  amp,
  clineCli,
];
