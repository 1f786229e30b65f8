/** Bytes of each answer as JSON, measured once per answer for every stage that asks (metrics, logs, budgets). */
const measured = new WeakMap<object, number>();

export function resultBytesOf(result: unknown): number {
  if (result === undefined) return 0;
  if (result === null || typeof result !== 'object') return Buffer.byteLength(JSON.stringify(result) ?? '');
  let bytes = measured.get(result);
  if (bytes === undefined) {
    bytes = Buffer.byteLength(JSON.stringify(result));
    measured.set(result, bytes);
  }
  return bytes;
}
