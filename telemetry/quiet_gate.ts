/**
 * Waits for a pause in a session's traffic before background work runs: on
 * a two-core machine even a low-priority thread parsing and tokenizing a
 * 1 MB result slows the host and the server, while a real session leaves
 * seconds of model time between tool calls.
 *
 * @module
 */

/** Milliseconds without traffic that count as a pause. */
export const QUIET_MS = 500;
/** Longest work is put off while traffic continues. */
export const MAX_DEFER_MS = 10_000;

/** Tracks traffic and lets work through in its pauses. */
export class QuietGate {
  readonly #quietMs: number;
  #lastActivity = 0;
  #busySince: number | undefined;
  #open = false;
  #opened: () => void = () => {};
  readonly #openPromise = new Promise<void>((resolve) => (this.#opened = resolve));

  /** A gate that needs `quietMs` of silence ({@link QUIET_MS} by default). */
  constructor(quietMs: number = QUIET_MS) {
    this.#quietMs = quietMs;
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
   * {@link QuietGate.idle} is called).
   */
  async wait(): Promise<void> {
    for (;;) {
      const now = Date.now();
      this.#busySince ??= now;
      const wait = this.#lastActivity + this.#quietMs - now;
      if (wait <= 0 || this.#open || now - this.#busySince > MAX_DEFER_MS) return;
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        new Promise((resolve) => (timer = setTimeout(resolve, wait))),
        this.#openPromise,
      ]);
      clearTimeout(timer);
    }
  }
}
