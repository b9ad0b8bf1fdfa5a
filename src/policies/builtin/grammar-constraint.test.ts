import { describe, expect, it } from 'vitest';
import { createArithmeticDomain } from '../../domains/arithmetic/index.ts';
import { drawToken } from '../../models/sampling.ts';
import { Tokenizer } from '../../models/tokenizer.ts';
import { Random } from '../../util/random.ts';
import { choiceTextsGrammar, GrammarTokens } from './grammar-constraint.ts';

describe('grammar-constrained tokens', () => {
  const domain = createArithmeticDomain();
  const corpus = domain.seeds().map((seed) => domain.formatSpec(seed.spec));
  const tokenizer = Tokenizer.learn(corpus, 40, 'words');
  const tokens = new GrammarTokens(domain.specGrammar!(), tokenizer);

  it('allows a token only when its text continues the grammar, and the end token only on a whole spec', () => {
    const constraint = tokens.constraint(64);
    const first = constraint.allowed([])!;
    const allowedTexts = [...first.keys()].filter((id) => first[id] === 1).map((id) => tokenizer.decode([id]));
    expect(allowedTexts.length).toBeGreaterThan(0);
    for (const text of allowedTexts)
      expect(['add', 'subtract', 'multiply'].some((op) => op.startsWith(text) || text.startsWith(op))).toBe(true);
    expect(first[Tokenizer.end]).toBe(0);
    const whole = tokenizer.encode('add d2 t3 x1');
    expect(tokens.constraint(64).allowed(whole)![Tokenizer.end]).toBe(1);
  });

  it('ends a spec within a tight token budget instead of being cut off', () => {
    const vocab = tokenizer.vocabSize;
    const uniform = new Float32Array(vocab).fill(-Math.log(vocab));
    const random = new Random(5);
    for (let sample = 0; sample < 40; sample++) {
      // "add d1 t2 x0" is 12 characters: 13 tokens always suffice with one character per token.
      const constraint = tokens.constraint(13);
      const generated: number[] = [];
      let ended = false;
      while (generated.length < 13 && !ended) {
        const token = drawToken(uniform, 0, vocab, { temperature: 1, topP: 1 }, random, constraint.allowed(generated));
        if (token === Tokenizer.end) ended = true;
        else generated.push(token);
      }
      expect(ended, tokenizer.decode(generated)).toBe(true);
      expect(domain.parseSpec(tokenizer.decode(generated)).ok).toBe(true);
    }
  });

  it("samples only specs of the constraint's family when given one", () => {
    const vocab = tokenizer.vocabSize;
    const uniform = new Float32Array(vocab).fill(-Math.log(vocab));
    const random = new Random(9);
    for (const family of ['add', 'subtract', 'multiply']) {
      for (let sample = 0; sample < 20; sample++) {
        const constraint = tokens.constraint(64, family);
        const generated: number[] = [];
        while (generated.length < 64) {
          const token = drawToken(
            uniform,
            0,
            vocab,
            { temperature: 1, topP: 1 },
            random,
            constraint.allowed(generated),
          );
          if (token === Tokenizer.end) break;
          generated.push(token);
        }
        const parsed = domain.parseSpec(tokenizer.decode(generated));
        expect(parsed.ok).toBe(true);
        if (parsed.ok) expect(domain.family(parsed.value)).toBe(family);
      }
    }
  });

  it('samples only valid specs from a uniform model at any temperature', () => {
    const vocab = tokenizer.vocabSize;
    const uniform = new Float32Array(vocab).fill(-Math.log(vocab));
    for (const temperature of [0, 0.7, 1, 2]) {
      const random = new Random(3);
      for (let sample = 0; sample < 40; sample++) {
        const constraint = tokens.constraint(64);
        const generated: number[] = [];
        while (generated.length < 64) {
          const token = drawToken(uniform, 0, vocab, { temperature, topP: 1 }, random, constraint.allowed(generated));
          if (token === Tokenizer.end) break;
          generated.push(token);
        }
        const parsed = domain.parseSpec(tokenizer.decode(generated));
        expect(parsed.ok, tokenizer.decode(generated)).toBe(true);
        if (parsed.ok) expect(domain.instantiate(parsed.value, 2, sample).ok).toBe(true);
      }
    }
  });

  it('keeps every spec valid when exploration mixes uniform draws into a skewed model', () => {
    const vocab = tokenizer.vocabSize;
    const random = new Random(5);
    for (const explore of [0.1, 0.5]) {
      for (let sample = 0; sample < 30; sample++) {
        const constraint = tokens.constraint(64);
        const generated: number[] = [];
        while (generated.length < 64) {
          // A model with random, sharply peaked preferences at every step.
          const logits = Float32Array.from({ length: vocab }, () => (random.next() - 0.5) * 20);
          const token = drawToken(
            logits,
            0,
            vocab,
            { temperature: 1, topP: 1, explore },
            random,
            constraint.allowed(generated),
          );
          if (token === Tokenizer.end) break;
          generated.push(token);
        }
        const parsed = domain.parseSpec(tokenizer.decode(generated));
        expect(parsed.ok, tokenizer.decode(generated)).toBe(true);
      }
    }
  });
});

describe('decoding limited to a set of texts', () => {
  const domain = createArithmeticDomain();
  const tokenizer = Tokenizer.learn(
    domain.seeds().map((seed) => domain.formatSpec(seed.spec)),
    40,
    'words',
  );
  const choices = ['add d2 t3 x1', 'add d2 t3 x12', 'multiply d1 t2 x0'];

  it('writes one of the texts, each of them in time, and nothing else', () => {
    const tokens = new GrammarTokens(choiceTextsGrammar(choices), tokenizer);
    const vocab = tokenizer.vocabSize;
    const uniform = new Float32Array(vocab).fill(-Math.log(vocab));
    const random = new Random(3);
    const written = new Set<string>();
    for (let sample = 0; sample < 60; sample++) {
      const constraint = tokens.constraint(24);
      const generated: number[] = [];
      let ended = false;
      while (generated.length < 24 && !ended) {
        const token = drawToken(uniform, 0, vocab, { temperature: 1, topP: 1 }, random, constraint.allowed(generated));
        if (token === Tokenizer.end) ended = true;
        else generated.push(token);
      }
      expect(ended).toBe(true);
      written.add(tokenizer.decode(generated));
    }
    expect([...written].sort()).toEqual([...choices].sort());
  });

  it('is complete on a text, open on a prefix of one, and closed elsewhere', () => {
    const grammar = choiceTextsGrammar(choices);
    expect(grammar.complete('add d2 t3 x1')).toBe(true);
    expect(grammar.complete('add d2 t3 x')).toBe(false);
    expect(grammar.remaining('add d2 t3 x1')).toBe(0);
    expect(grammar.remaining('mul')).toBe('tiply d1 t2 x0'.length);
    expect(grammar.next('add d2 t3 x1', '2')).toBe('add d2 t3 x12');
    expect(grammar.next('add', 'x')).toBeNull();
  });
});
