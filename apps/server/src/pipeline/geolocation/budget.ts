const DAY_MS = 86_400_000;

/**
 * How many paid requests are left today (UTC days): a device flood, or a firmware that sends a
 * new cell every second, costs at most the limit a day. Counted per server node, in memory.
 */
export class DailyBudget {
  private day = -1;
  private used = 0;

  /**
   * `limit` requests a day (0 = no limit); `onExhausted` is told once a day, at the first
   * request refused.
   */
  constructor(
    private readonly limit: number,
    private readonly onExhausted: (limit: number) => void = () => undefined,
    private readonly now: () => number = Date.now,
  ) {}

  /** Spends one request if today still has one. */
  take(): boolean {
    if (this.limit === 0) return true;
    const today = Math.floor(this.now() / DAY_MS);
    if (today !== this.day) {
      this.day = today;
      this.used = 0;
    }
    if (this.used < this.limit) {
      this.used++;
      return true;
    }
    if (this.used === this.limit) {
      this.used++;
      this.onExhausted(this.limit);
    }
    return false;
  }
}
