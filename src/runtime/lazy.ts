/**
 * A module loaded the first time it is needed instead of when fairway starts: `lazy(() => import("x"))`
 * gives a function that imports `x` on its first call and hands every later call the same module.
 * Start-up then pays only for what the first update needs; a slip reader, a QR or a PNG renderer is
 * loaded with the first payment, voucher or chart. A failed import (a native binary missing) rejects that
 * call, as the eager import would have failed the start, and the next call tries again.
 */
export function lazy<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}
