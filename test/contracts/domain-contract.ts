import { describe, expect, it } from 'vitest';
import {
  type Completion,
  type Domain,
  grammarState,
  replayEpisode,
  type TaskInstance,
} from '../../src/interfaces/index.ts';
import { Random } from '../../src/util/random.ts';

export interface DomainContractOptions {
  /** Completions that are close to the gold answer but wrong; each must score 0. */
  nearMisses?: (instance: TaskInstance) => Completion[];
  /** Texts that are not valid specs; each must be rejected with a reason. */
  invalidSpecTexts?: string[];
  /** The spec grammar started for a family (`initial(family)`) writes only specs of that family. */
  grammarKeepsFamilies?: boolean;
  /** Check at most this many seeds / held-out items per set (keeps CI fast); default all. */
  limit?: number;
}

const answerOf = (text: string, extra: Partial<Completion> = {}): Completion => ({
  text,
  policyVersion: 'contract',
  ...extra,
});

/**
 * The contract every domain passes: gold answers score 1, junk and near misses score 0 without
 * throwing, specs round-trip through their compact text, invalid specs are rejected with a reason,
 * and everything is a pure function of the seed.
 */
export function describeDomainContract(name: string, make: () => Domain, options: DomainContractOptions = {}): void {
  describe(`domain contract: ${name}`, () => {
    const domain = make();
    const limit = options.limit ?? Number.POSITIVE_INFINITY;
    const seeds = domain.seeds().slice(0, limit);

    it('has seeds whose specs validate, round-trip through text, and instantiate', () => {
      expect(seeds.length).toBeGreaterThan(0);
      for (const seed of seeds) {
        expect(domain.specSchema.safeParse(seed.spec).success).toBe(true);
        const parsed = domain.parseSpec(domain.formatSpec(seed.spec));
        expect(parsed.ok, `round trip of ${seed.id}`).toBe(true);
        if (parsed.ok) expect(parsed.value).toEqual(seed.spec);
        expect(domain.family(seed.spec)).toBe(seed.family);
        const result = domain.instantiate(seed.spec, 2, 7);
        expect(result.ok, `instantiate ${seed.id}: ${result.ok ? '' : result.reason}`).toBe(true);
      }
    });

    it('scores the gold answer of every seed and held-out task 1', () => {
      const instances: TaskInstance[] = [];
      for (const seed of seeds) {
        const result = domain.instantiate(seed.spec, 1, 3);
        if (result.ok) instances.push(...result.instances);
      }
      const sets = domain.heldOutSets();
      expect(sets.length).toBeGreaterThan(0);
      expect(new Set(sets.map((set) => set.name)).size).toBe(sets.length);
      for (const set of sets) {
        expect(set.instances.length, `held-out set ${set.name}`).toBeGreaterThan(0);
        expect(set.version.length).toBeGreaterThan(0);
        instances.push(...set.instances.slice(0, limit));
      }
      for (const instance of instances) {
        const prompt = domain.render(instance);
        expect(prompt.text.length).toBeGreaterThan(0);
        expect(prompt.messages.length).toBeGreaterThan(0);
        expect(Number.isFinite(prompt.reference.difficulty)).toBe(true);
        const score = domain.score(
          instance,
          answerOf(prompt.reference.answer, { toolCalls: prompt.reference.toolCalls }),
        );
        expect(score, `gold of ${instance.id}`).toMatchObject({ reward: 1, success: true });
        expect(domain.score(instance, answerOf(prompt.reference.answer)).success, `gold text of ${instance.id}`).toBe(
          true,
        );
      }
    });

    it('scores junk 0 without throwing, and near misses 0', () => {
      const result = domain.instantiate(seeds[0]!.spec, 3, 5);
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      for (const instance of result.instances) {
        for (const junk of [
          '',
          ' ',
          'I cannot solve this.',
          '{"broken": ',
          '<tool_call>{</tool_call>',
          '\u0000\uffff',
          'x'.repeat(5000),
        ]) {
          const score = domain.score(instance, answerOf(junk));
          expect(score.success, `junk ${JSON.stringify(junk.slice(0, 20))}`).toBe(false);
          expect(score.reward).toBeGreaterThanOrEqual(0);
          expect(score.reward).toBeLessThan(1);
        }
        for (const miss of options.nearMisses?.(instance) ?? []) {
          expect(domain.score(instance, miss), `near miss ${JSON.stringify(miss.text)}`).toMatchObject({
            reward: 0,
            success: false,
          });
        }
      }
    });

    it('rejects invalid spec text with a reason and never throws', () => {
      for (const text of ['', 'nonsense', '{', '{"a":1}', '[]', 'null', ...(options.invalidSpecTexts ?? [])]) {
        const parsed = domain.parseSpec(text);
        expect(parsed.ok, `parseSpec(${JSON.stringify(text)})`).toBe(false);
        if (!parsed.ok) expect(parsed.reason.length).toBeGreaterThan(0);
      }
    });

    it('is deterministic: same seed same tasks, another seed other tasks', () => {
      const spec = seeds[0]!.spec;
      const first = domain.instantiate(spec, 4, 42);
      const again = domain.instantiate(spec, 4, 42);
      const other = domain.instantiate(spec, 4, 43);
      expect(again).toEqual(first);
      if (first.ok && other.ok) expect(other.instances.map((i) => i.id)).not.toEqual(first.instances.map((i) => i.id));
      expect(make().seeds()).toEqual(domain.seeds());
      expect(
        make()
          .heldOutSets()
          .map((set) => set.instances.map((i) => i.id)),
      ).toEqual(domain.heldOutSets().map((set) => set.instances.map((i) => i.id)));
    });

    it('plays interactive episodes: the gold actions end the episode within the step limit and score 1', () => {
      const interaction = domain.interactive;
      if (!interaction) return;
      const result = domain.instantiate(seeds[0]!.spec, 3, 9);
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      for (const instance of result.instances) {
        const gold = domain.render(instance).reference.answer.split('\n');
        expect(gold.length).toBeLessThanOrEqual(interaction.maxSteps(instance));
        const replay = replayEpisode(interaction, instance, gold);
        expect(replay.opening.length).toBeGreaterThan(0);
        expect(replay.done, `gold episode of ${instance.id}`).toBe(true);
        expect(replay.verdict).toMatchObject({ reward: 1, success: true });
        const prompt = interaction.turnPrompt(instance, replay.opening, replay.turns.slice(0, 1), 'turn');
        expect(prompt.text.length).toBeGreaterThan(0);
        expect(prompt.messages.length).toBeGreaterThan(1);
        // Junk never ends an episode well, and never throws.
        const environment = interaction.reset(instance);
        for (const junk of ['', '\u0000', 'x'.repeat(5000), '{"broken": ']) environment.step({ text: junk });
        expect(environment.verdict().success).toBe(false);
      }
    });

    it('builds specs from knob values (without knobs, draws them from its grammar) and reports finite features', () => {
      if (domain.knobs.length === 0) {
        // A world without knobs draws its task types from its whole grammar (the uniform baseline's draw).
        expect(domain.drawSpec, 'drawSpec of a world without knobs').toBeDefined();
        for (const seed of [1, 2, 3]) {
          const drawn = domain.drawSpec!(seed);
          expect(domain.drawSpec!(seed)).toEqual(drawn);
          expect(domain.parseSpec(domain.formatSpec(drawn))).toEqual({ ok: true, value: drawn });
          for (const value of Object.values(domain.features(drawn))) expect(Number.isFinite(value)).toBe(true);
          expect(domain.instantiate(drawn, 1, seed).ok).toBe(true);
        }
        return;
      }
      const easiest = Object.fromEntries(domain.knobs.map((knob) => [knob.name, knob.values[0]!]));
      const built = domain.specFromKnobs(easiest, 1);
      expect(built.ok, built.ok ? '' : built.reason).toBe(true);
      if (built.ok) {
        for (const value of Object.values(domain.features(built.value))) expect(Number.isFinite(value)).toBe(true);
        expect(domain.instantiate(built.value, 1, 1).ok).toBe(true);
      }
      const hardest = Object.fromEntries(domain.knobs.map((knob) => [knob.name, knob.values[knob.values.length - 1]!]));
      const hard = domain.specFromKnobs(hardest, 1);
      if (hard.ok) {
        const instantiated = domain.instantiate(hard.value, 1, 1);
        if (!instantiated.ok) expect(instantiated.reason.length).toBeGreaterThan(0);
      }
    });

    it('has a spec grammar (where it has one) whose every complete text parses and instantiates', () => {
      if (!domain.specGrammar) return;
      const grammar = domain.specGrammar();
      const alphabet = [...new Set(seeds.flatMap((seed) => [...domain.formatSpec(seed.spec)]))];
      const random = new Random(7);
      for (let walk = 0; walk < 60; walk++) {
        let state = grammar.initial();
        let text = '';
        for (;;) {
          const moves = alphabet.flatMap((character) => {
            const next = grammar.next(state, character);
            return next === null ? [] : [{ character, next }];
          });
          const complete = grammar.complete(state);
          // No state is a dead end: it continues or it is complete.
          expect(moves.length > 0 || complete, `dead end after ${JSON.stringify(text)}`).toBe(true);
          if (moves.length === 0 || (complete && random.next() < 0.15)) break;
          const move = random.pick(moves);
          text += move.character;
          state = move.next;
        }
        const parsed = domain.parseSpec(text);
        expect(parsed.ok, `${text}: ${parsed.ok ? '' : parsed.reason}`).toBe(true);
        if (parsed.ok) {
          const result = domain.instantiate(parsed.value, 2, walk);
          expect(result.ok, `${text}: ${result.ok ? '' : result.reason}`).toBe(true);
        }
      }
      // Canonical texts of the seeds stay inside the grammar (most of them: fixed values it cannot vouch for
      // are left out), and text outside it is refused.
      const accepted = seeds.filter((seed) => {
        const state = grammarState(grammar, domain.formatSpec(seed.spec));
        return state !== null && grammar.complete(state);
      });
      expect(accepted.length).toBeGreaterThan(seeds.length * 0.8);
      expect(grammarState(grammar, '\u0000')).toBeNull();
    });

    it('walks its grammar from a family without dead ends, inside the family where it says so', () => {
      if (!domain.specGrammar) return;
      const grammar = domain.specGrammar();
      const alphabet = [...new Set(seeds.flatMap((seed) => [...domain.formatSpec(seed.spec)]))];
      const random = new Random(11);
      const families = [...new Set(seeds.map((seed) => seed.family))];
      let kept = 0;
      let walks = 0;
      for (const family of families) {
        // The seeds of a family stay inside its grammar.
        for (const seed of seeds.filter((entry) => entry.family === family).slice(0, 3)) {
          const state = grammarState(grammar, domain.formatSpec(seed.spec), grammar.initial(family));
          if (state !== null) expect(grammar.complete(state)).toBe(true);
        }
        for (let walk = 0; walk < 8; walk++) {
          let state = grammar.initial(family);
          let text = '';
          for (let steps = 0; steps < 400; steps++) {
            const moves = alphabet.flatMap((character) => {
              const next = grammar.next(state, character);
              return next === null ? [] : [{ character, next }];
            });
            expect(moves.length > 0 || grammar.complete(state), `dead end after ${JSON.stringify(text)}`).toBe(true);
            if (moves.length === 0 || (grammar.complete(state) && random.next() < 0.15)) break;
            const move = random.pick(moves);
            text += move.character;
            state = move.next;
          }
          const parsed = domain.parseSpec(text);
          expect(parsed.ok, `${family}: ${text}`).toBe(true);
          if (!parsed.ok) continue;
          walks++;
          if (domain.family(parsed.value) === family) kept++;
        }
      }
      expect(walks).toBeGreaterThan(0);
      if (options.grammarKeepsFamilies) expect(kept, `${kept} of ${walks} walks kept their family`).toBe(walks);
    });
  });
}
