/**
 * Waits for a pause in a session's traffic before background work runs: on
 * a two-core machine even a low-priority thread parsing and tokenizing a
 * 1 MB result slows the host and the server, while a real session leaves
 * seconds of model time between tool calls.
 *
 * @module
 */

/** Milliseconds without traffic that count as a pause for tokenizing. */
export const QUIET_MS = 500;
/**
 * Milliseconds without traffic after which serve's row writer parses lines
 * and writes rows: hosts stop their servers ~60 ms after a turn's last call
 * (notes/recipes/real-hosts.md), so a row must be stored well before that.
 * Messages of a burst follow each other far closer, and the row writer's
 * own work on them is small: the heavy part, tokenizing, still waits for
 * {@link QUIET_MS} in its own thread (runtime/traffic_pause.ts).
 */
export const ROW_SETTLE_MS = 10;
/** Longest work is put off while traffic continues. */
export const MAX_DEFER_MS = 10_000;

/** Tracks traffic and lets work through in its pauses. */
export class QuietGate {
  readonly #quietMs: number;
  readonly #maxDeferMs: number;
  #lastActivity = 0;
  #busySince: number | undefined;
  #open = false;
  #opened: () => void = () => {};
  readonly #openPromise = new Promise<void>((resolve) => (this.#opened = resolve));

  /**
   * A gate that needs `quietMs` of silence ({@link QUIET_MS} by default) and
   * puts work off for at most `maxDeferMs` ({@link MAX_DEFER_MS}).
   */
  constructor(quietMs: number = QUIET_MS, maxDeferMs: number = MAX_DEFER_MS) {
    this.#quietMs = quietMs;
    this.#maxDeferMs = maxDeferMs;
  }

  /** Notes traffic now. */
  touch(): void {
    this.#lastActivity = Date.now();
  }

  /** Lets all work through from now on, without waiting (the session ends). */
  open(): void {
    this.#open = true;
    this.#opened();
  }

  /** The caller has nothing left to do; the next wait starts a fresh deferral. */
  idle(): void {
    this.#busySince = undefined;
  }

  /**
   * Resolves at the next pause, at once when the gate is open, or once work
   * has been put off for {@link MAX_DEFER_MS} of continuous traffic (until
   * {@link QuietGate.idle} is called, or a pause comes). A pause starts the
   * count afresh: work that waited through one burst and ran in the pause
   * after it must not count that wait against the next burst (it did, and
   * parsed big lines in the middle of the next burst).
   */
  async wait(): Promise<void> {
    for (;;) {
      const now = Date.now();
      this.#busySince ??= now;
      const wait = this.#lastActivity + this.#quietMs - now;
      if (wait <= 0) {
        this.#busySince = undefined;
        return;
      }
      const capLeft = this.#busySince + this.#maxDeferMs - now;
      if (this.#open || capLeft < 0) return;
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        new Promise((resolve) => (timer = setTimeout(resolve, Math.min(wait, capLeft + 1)))),
        this.#openPromise,
      ]);
      clearTimeout(timer);
    }
  }
}
