/** Remove every localStorage entry except the ones listed (sign-out keeps the language choice). */
export function clearLocalStorageExcept(keep: readonly string[], storage: Storage = localStorage): void {
  try {
    const doomed: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key !== null && !keep.includes(key)) doomed.push(key);
    }
    for (const key of doomed) storage.removeItem(key);
  } catch {
    // Storage unavailable: there is nothing to clear.
  }
}
