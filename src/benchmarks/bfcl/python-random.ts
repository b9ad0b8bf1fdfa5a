/**
 * CPython's `random.Random` (MT19937 seeded from an integer with `init_by_array`), enough of it for
 * the BFCL environment classes: `randint`, `random` and `uniform`. Ids and balances that the classes
 * draw (message ids, booking ids, card balances, timestamps) therefore match the official ones.
 */
const N = 624;
const M = 397;

export class PythonRandom {
  private readonly state = new Uint32Array(N);
  private index = N + 1;

  /** Seeds like `random.Random(seed)` for a non-negative or negative integer seed. */
  constructor(seed: number) {
    let magnitude = BigInt(Math.trunc(Math.abs(seed)));
    const key: number[] = [];
    while (magnitude > 0n) {
      key.push(Number(magnitude & 0xffffffffn));
      magnitude >>= 32n;
    }
    if (key.length === 0) key.push(0);
    this.initByArray(key);
  }

  private initGenrand(seed: number): void {
    const state = this.state;
    state[0] = seed >>> 0;
    for (let position = 1; position < N; position++) {
      const previous = state[position - 1]! ^ (state[position - 1]! >>> 30);
      state[position] = (Math.imul(1812433253, previous) + position) >>> 0;
    }
    this.index = N;
  }

  private initByArray(key: number[]): void {
    const state = this.state;
    this.initGenrand(19650218);
    let i = 1;
    let j = 0;
    for (let k = Math.max(N, key.length); k > 0; k--) {
      const previous = state[i - 1]! ^ (state[i - 1]! >>> 30);
      state[i] = ((state[i]! ^ Math.imul(previous, 1664525)) + key[j]! + j) >>> 0;
      i++;
      j++;
      if (i >= N) {
        state[0] = state[N - 1]!;
        i = 1;
      }
      if (j >= key.length) j = 0;
    }
    for (let k = N - 1; k > 0; k--) {
      const previous = state[i - 1]! ^ (state[i - 1]! >>> 30);
      state[i] = ((state[i]! ^ Math.imul(previous, 1566083941)) - i) >>> 0;
      i++;
      if (i >= N) {
        state[0] = state[N - 1]!;
        i = 1;
      }
    }
    state[0] = 0x80000000;
  }

  /** Next 32-bit output of the generator. */
  private nextUint32(): number {
    const state = this.state;
    if (this.index >= N) {
      for (let k = 0; k < N; k++) {
        const y = (state[k]! & 0x80000000) | (state[(k + 1) % N]! & 0x7fffffff);
        state[k] = state[(k + M) % N]! ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0);
      }
      this.index = 0;
    }
    let y = state[this.index++]!;
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  }

  /** `getrandbits(k)` for 1 ≤ k ≤ 52 (words are filled least significant first). */
  private getRandomBits(bits: number): number {
    if (bits <= 32) return this.nextUint32() >>> (32 - bits);
    let result = 0;
    let scale = 1;
    let remaining = bits;
    while (remaining > 0) {
      let word = this.nextUint32();
      if (remaining < 32) word >>>= 32 - remaining;
      result += word * scale;
      scale *= 2 ** 32;
      remaining -= 32;
    }
    return result;
  }

  /** `randint(low, high)`: integer in [low, high], both included (range < 2^52). */
  randint(low: number, high: number): number {
    const width = high - low + 1;
    const bits = width.toString(2).length;
    let draw = this.getRandomBits(bits);
    while (draw >= width) draw = this.getRandomBits(bits);
    return low + draw;
  }

  /** `random()`: float in [0, 1) with 53 random bits. */
  random(): number {
    const high = this.nextUint32() >>> 5;
    const low = this.nextUint32() >>> 6;
    return (high * 67108864 + low) / 9007199254740992;
  }

  /** `uniform(low, high)`. */
  uniform(low: number, high: number): number {
    return low + (high - low) * this.random();
  }
}
