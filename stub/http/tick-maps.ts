/**
 * Keeps one of Node's tick objects (what `process.nextTick` builds for each call) alive for the life
 * of the thread (the stub's process, or its worker thread), so that V8 never collects the hidden
 * classes ("maps") of that object literal.
 *
 * Why: every answer the stub writes goes through a handful of `process.nextTick` calls in Node's
 * streams. Their tick objects all die within the tick. A garbage collection that finds none alive,
 * as the idle collections after the stub's start do, frees the literal's maps. The next calls build
 * fresh ones, and the literal's inline caches see new maps each time until they go megamorphic.
 * From then on, every tick object is built in the V8 runtime (Runtime_DefineKeyedOwnPropertyInLiteral
 * and MigrateToMap in a profile).
 *
 * Measured on this 2-core machine (load/README.md, "Where the stub's time goes"):
 * - Without this module, 18 of 32 stub processes went megamorphic; six forced collections after start
 *   sent 4 of 4 there.
 * - With it, 7 of 7 stayed monomorphic, 4 of them after the six forced collections.
 * - `npm run bench` (f) then met issue 20's ratios.
 * Raw node:http never showed the state, most likely because it allocates too little to collect in the gap.
 */
import { createHook } from 'node:async_hooks';

let held: object | undefined;

/**
 * Holds one tick object, once per thread (each worker thread has its own heap). An async hook sees
 * the object as the `init` resource of a nextTick; the hook is enabled only for that one call.
 * Idempotent.
 */
export function holdTickObjectMaps(): void {
  if (held) return;
  const hook = createHook({
    init(_asyncId, type, _triggerAsyncId, resource) {
      if (type === 'TickObject') held ??= resource as object;
    },
  });
  hook.enable();
  process.nextTick(() => undefined);
  hook.disable();
}
