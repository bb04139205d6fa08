/**
 * A small seeded pseudo-random generator (mulberry32 over a string hash). The demo catalogue
 * draws every choice from here, never from Math.random, so the same seed gives the same data.
 * Each part of the seed forks its own stream by label: adding a show does not reshuffle halls.
 */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both ends included. */
  int(min: number, max: number): number;
  /** A float in [min, max). */
  between(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** A new array, shuffled. */
  shuffle<T>(items: readonly T[]): T[];
  /** count distinct items, in random order. */
  sample<T>(items: readonly T[], count: number): T[];
  /** An independent stream derived from this one's seed and the label. */
  fork(label: string | number): Random;
}

/** 32-bit string hash (FNV-1a followed by a murmur3 finaliser for better spread). */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

export function createRandom(seed: string): Random {
  let state = hashString(seed);
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const random: Random = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    between: (min, max) => min + next() * (max - min),
    chance: (probability) => next() < probability,
    pick<T>(items: readonly T[]): T {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[Math.floor(next() * items.length)]!;
    },
    shuffle<T>(items: readonly T[]): T[] {
      const out = items.slice();
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [out[i], out[j]] = [out[j]!, out[i]!];
      }
      return out;
    },
    sample<T>(items: readonly T[], count: number): T[] {
      return random.shuffle(items).slice(0, Math.min(count, items.length));
    },
    fork: (label) => createRandom(`${seed}/${label}`),
  };
  return random;
}
