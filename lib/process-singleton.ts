// One value per process, kept on globalThis. Next loads a module once per route bundle, and again on each hot reload
// of `next dev`, so a module-level value is one per bundle and per reload: a second pool, LISTEN connection, cache or
// metrics registry beside the first, which stays open and keeps counting. Kept on globalThis under a fixed key, the
// value is made once per process and every copy of the module finds it. This module imports nothing, so any module of
// lib may use it.
//
// Each key belongs to one module, which alone says what its value is (lib/process-singleton.test.ts checks that no two
// modules share one). Keys are `__relay<Name>` strings, or a `Symbol.for` key.

export type ProcessKey = `__relay${string}` | symbol;

const held = globalThis as unknown as Record<ProcessKey, unknown>;

/**
 * The value this process keeps under `key`: made by `create` the first time any copy of the calling module asks,
 * the same value ever after. `create` runs once, so it may also set up what belongs to the value (a signal handler).
 */
export function processSingleton<T extends NonNullable<unknown>>(key: ProcessKey, create: () => T): T {
  return (held[key] ??= create()) as T;
}

/** A value this process keeps under `key` that its module replaces or clears: undefined until first set. */
export interface ProcessSlot<T> {
  get(): T | undefined;
  set(value: T | undefined): void;
}

export function processSlot<T>(key: ProcessKey): ProcessSlot<T> {
  return {
    get: () => held[key] as T | undefined,
    set: (value) => void (held[key] = value),
  };
}
