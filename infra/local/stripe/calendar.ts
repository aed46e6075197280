/** Stripe's timestamps: whole seconds. */
export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** One calendar month later (clamped to the month's last day), like Stripe's monthly billing. */
export function addMonth(seconds: number): number {
  const d = new Date(seconds * 1000);
  const day = d.getUTCDate();
  const t = new Date(d);
  t.setUTCDate(1);
  t.setUTCMonth(t.getUTCMonth() + 1);
  const last = new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth() + 1, 0)).getUTCDate();
  t.setUTCDate(Math.min(day, last));
  return Math.floor(t.getTime() / 1000);
}
