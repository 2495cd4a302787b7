/**
 * Seeded pseudo-randomness. The sandbox never calls `Math.random`: every choice comes either from a
 * stateless hash of its coordinates (tee-time attributes) or from a seeded stream (ids, faults).
 */

/** A 32-bit hash of small non-negative integers, stable across runs and platforms. */
export function hash32(...parts: readonly number[]): number {
  let h = 0x9e3779b9;
  for (const part of parts) {
    h = Math.imul(h ^ (part >>> 0), 0x85ebca6b);
    h = (h << 13) | (h >>> 19);
    h = (Math.imul(h, 5) + 0xe6546b64) | 0;
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** `hash32` scaled to [0, 1). */
export function unit(...parts: readonly number[]): number {
  return hash32(...parts) / 4_294_967_296;
}

/** A seeded stream of numbers (mulberry32). */
export interface Rng {
  /** A number in [0, 1). */
  next(): number;
  /** An integer in [0, maxExclusive). */
  int(maxExclusive: number): number;
  /** `length` lowercase hex digits. */
  hex(length: number): string;
  /** `length` decimal digits (leading zeros kept). */
  digits(length: number): string;
  /** `length` characters of A–Z and 0–9. */
  alnum(length: number): string;
}

const ALNUM = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** Creates a seeded stream; the same seed always yields the same sequence. */
export function createRng(seed: number): Rng {
  let state = hash32(seed);
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (maxExclusive: number): number => Math.floor(next() * maxExclusive);
  const repeat = (length: number, alphabet: string): string => {
    let out = "";
    for (let i = 0; i < length; i++) out += alphabet[int(alphabet.length)];
    return out;
  };
  return {
    next,
    int,
    hex: (length) => repeat(length, "0123456789abcdef"),
    digits: (length) => repeat(length, "0123456789"),
    alnum: (length) => repeat(length, ALNUM),
  };
}
