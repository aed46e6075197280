/**
 * A quota bar with one colour rule wherever a quota is shown (the resumes list, account settings): green with
 * room left, amber one short of the limit, red at it (the browser's meter regions, from low/high/optimum).
 * Decorative: the text beside it says the same figure.
 */
export function UsageMeter({ used, limit }: { used: number; limit: number }) {
  return (
    <meter
      className="usage-meter"
      min={0}
      max={limit}
      low={limit - 1.5}
      high={limit - 0.5}
      optimum={0}
      value={Math.min(used, limit)}
      aria-hidden="true"
    />
  );
}
