import { isDeepStrictEqual } from 'node:util';
import {
  type Completion,
  type Domain,
  replayEpisode,
  type Score,
  type SeedTask,
  type TaskInstance,
} from '../interfaces/index.ts';
import { type CheckedWorld, type DomainCheck, thrownLine } from './domain-check.ts';

/** Answers no task accepts: empty, a refusal, broken JSON and tool calls, control characters, a very long text. */
const JUNK_ANSWERS = ['', ' ', 'I cannot solve this.', '{"broken": ', '<tool_call>{</tool_call>', '\u0000\uffff'];
const LONG_JUNK = 'x'.repeat(5000);
/** Texts no world's parser accepts as a spec. */
const INVALID_SPEC_TEXTS = ['', 'nonsense', '{', '{"a":1}', '[]', 'null'];
/** Actions that never end an episode well. */
const JUNK_ACTIONS = ['', '\u0000', LONG_JUNK, '{"broken": '];

const answerOf = (text: string, extra: Partial<Completion> = {}): Completion => ({
  text,
  policyVersion: 'contract',
  ...extra,
});

/** A text for a reason line: JSON, cut to a readable length. */
const shown = (value: unknown): string => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
};

const scoreLine = (score: Score) => `reward ${score.reward}, success ${score.success}`;

/** The seeds the checks use: all of them, or the first `limit`. */
const seedsOf = ({ domain, options }: CheckedWorld): SeedTask[] =>
  domain.seeds().slice(0, options.limit ?? Number.POSITIVE_INFINITY);

/** The variations of the first seed the junk and episode checks score, or the reason there are none. */
function firstSeedTasks(world: CheckedWorld, n: number, seed: number): TaskInstance[] | string {
  const first = seedsOf(world)[0];
  if (!first) return 'the world has no seeds to make tasks from';
  const result = world.domain.instantiate(first.spec, n, seed);
  return result.ok ? result.instances : `instantiate(first seed's spec, ${n}, ${seed}) fails: ${result.reason}`;
}

const seedsRoundTrip: DomainCheck = {
  name: 'has seeds whose specs validate, round-trip through text, and instantiate',
  *reasons(world) {
    const { domain } = world;
    const seeds = seedsOf(world);
    if (seeds.length === 0) yield 'the world has no seeds';
    for (const seed of seeds) {
      if (!domain.specSchema.safeParse(seed.spec).success) yield `seed ${seed.id}: its spec fails specSchema`;
      const text = domain.formatSpec(seed.spec);
      const parsed = domain.parseSpec(text);
      if (!parsed.ok) yield `seed ${seed.id}: parseSpec(${shown(text)}) refuses its own text: ${parsed.reason}`;
      else if (!isDeepStrictEqual(parsed.value, seed.spec))
        yield `seed ${seed.id}: parseSpec(formatSpec(spec)) gives ${shown(parsed.value)}, not ${shown(seed.spec)}`;
      const family = domain.family(seed.spec);
      if (family !== seed.family)
        yield `seed ${seed.id}: family(spec) is ${shown(family)}, the seed says ${shown(seed.family)}`;
      const result = domain.instantiate(seed.spec, 2, 7);
      if (!result.ok) yield `seed ${seed.id}: instantiate(spec, 2, 7) fails: ${result.reason}`;
    }
  },
};

const goldScoresOne: DomainCheck = {
  name: 'scores the gold answer of every seed and held-out task 1',
  *reasons(world) {
    const { domain, options } = world;
    const instances: TaskInstance[] = [];
    for (const seed of seedsOf(world)) {
      const result = domain.instantiate(seed.spec, 1, 3);
      if (result.ok) instances.push(...result.instances);
    }
    const sets = domain.heldOutSets();
    if (sets.length === 0) yield 'the world has no held-out sets';
    const names = sets.map((set) => set.name);
    if (new Set(names).size !== names.length) yield `held-out sets share names: ${names.join(', ')}`;
    for (const set of sets) {
      if (set.instances.length === 0) yield `held-out set ${set.name} has no tasks`;
      if (set.version.length === 0) yield `held-out set ${set.name} has no version`;
      instances.push(...set.instances.slice(0, options.limit ?? Number.POSITIVE_INFINITY));
    }
    for (const instance of instances) {
      const prompt = domain.render(instance);
      if (prompt.text.length === 0) yield `${instance.id}: render gives an empty text`;
      if (prompt.messages.length === 0) yield `${instance.id}: render gives no messages`;
      if (!Number.isFinite(prompt.reference.difficulty))
        yield `${instance.id}: the reference difficulty ${prompt.reference.difficulty} is not finite`;
      const gold = domain.score(instance, answerOf(prompt.reference.answer, { toolCalls: prompt.reference.toolCalls }));
      if (gold.reward !== 1 || !gold.success) yield `${instance.id}: the gold answer scores ${scoreLine(gold)}`;
      if (!domain.score(instance, answerOf(prompt.reference.answer)).success)
        yield `${instance.id}: the gold answer's text alone, without its tool calls, does not succeed`;
    }
  },
};

/** Scores a completion, a throw being a reason like any other. */
function scored(domain: Domain, instance: TaskInstance, completion: Completion): Score | string {
  try {
    return domain.score(instance, completion);
  } catch (error) {
    return `${instance.id}: score throws on ${shown(completion.text)}: ${thrownLine(error)}`;
  }
}

const junkScoresZero: DomainCheck = {
  name: 'scores junk 0 without throwing, and near misses 0',
  *reasons(world) {
    const instances = firstSeedTasks(world, 3, 5);
    if (typeof instances === 'string') {
      yield instances;
      return;
    }
    for (const instance of instances) {
      for (const junk of [...JUNK_ANSWERS, LONG_JUNK]) {
        const score = scored(world.domain, instance, answerOf(junk));
        if (typeof score === 'string') yield score;
        else if (score.success || !(score.reward >= 0 && score.reward < 1))
          yield `${instance.id}: the junk answer ${shown(junk)} scores ${scoreLine(score)}`;
      }
      for (const miss of world.options.nearMisses?.(instance) ?? []) {
        const score = scored(world.domain, instance, miss);
        if (typeof score === 'string') yield score;
        else if (score.success || score.reward !== 0)
          yield `${instance.id}: the near miss ${shown(miss.text)} scores ${scoreLine(score)}`;
      }
    }
  },
};

const refusesInvalidSpecs: DomainCheck = {
  name: 'rejects invalid spec text with a reason and never throws',
  *reasons({ domain, options }) {
    for (const text of [...INVALID_SPEC_TEXTS, ...(options.invalidSpecTexts ?? [])]) {
      let parsed: ReturnType<Domain['parseSpec']>;
      try {
        parsed = domain.parseSpec(text);
      } catch (error) {
        yield `parseSpec(${shown(text)}) throws: ${thrownLine(error)}`;
        continue;
      }
      if (parsed.ok) yield `parseSpec(${shown(text)}) accepts it as ${shown(parsed.value)}`;
      else if (parsed.reason.length === 0) yield `parseSpec(${shown(text)}) refuses it with no reason`;
    }
  },
};

const deterministic: DomainCheck = {
  name: 'is deterministic: same seed same tasks, another seed other tasks',
  *reasons(world) {
    const { domain } = world;
    const first = seedsOf(world)[0];
    if (!first) yield 'the world has no seeds to make tasks from';
    else {
      const tasks = domain.instantiate(first.spec, 4, 42);
      if (!isDeepStrictEqual(domain.instantiate(first.spec, 4, 42), tasks))
        yield 'instantiate(spec, 4, 42) gives other tasks when called again';
      const other = domain.instantiate(first.spec, 4, 43);
      const ids = (result: typeof tasks) => (result.ok ? result.instances.map((instance) => instance.id) : []);
      if (tasks.ok && other.ok && isDeepStrictEqual(ids(other), ids(tasks)))
        yield 'instantiate(spec, 4, 43) gives the same task ids as seed 42';
    }
    const again = world.rebuild();
    if (!isDeepStrictEqual(again.seeds(), domain.seeds())) yield 'a second build of the world has other seeds';
    const heldOutIds = (built: Domain) =>
      built.heldOutSets().map((set) => set.instances.map((instance) => instance.id));
    if (!isDeepStrictEqual(heldOutIds(again), heldOutIds(domain)))
      yield 'a second build of the world has other held-out tasks';
  },
};

const playsEpisodes: DomainCheck = {
  name: 'plays interactive episodes: the gold actions end the episode within the step limit and score 1',
  *reasons(world) {
    const interaction = world.domain.interactive;
    if (!interaction) return;
    const instances = firstSeedTasks(world, 3, 9);
    if (typeof instances === 'string') {
      yield instances;
      return;
    }
    for (const instance of instances) {
      const gold = world.domain.render(instance).reference.answer.split('\n');
      const steps = interaction.maxSteps(instance);
      if (gold.length > steps)
        yield `${instance.id}: the gold episode takes ${gold.length} steps, over its limit ${steps}`;
      const replay = replayEpisode(interaction, instance, gold);
      if (replay.opening.length === 0) yield `${instance.id}: the episode opens with an empty observation`;
      if (!replay.done) yield `${instance.id}: the gold actions do not end the episode`;
      if (replay.verdict.reward !== 1 || !replay.verdict.success)
        yield `${instance.id}: the gold episode scores ${scoreLine(replay.verdict)}`;
      const prompt = interaction.turnPrompt(instance, replay.opening, replay.turns.slice(0, 1), 'turn');
      if (prompt.text.length === 0) yield `${instance.id}: the second turn's prompt is empty`;
      if (prompt.messages.length <= 1) yield `${instance.id}: the second turn's prompt has no history in its messages`;
      const environment = interaction.reset(instance);
      for (const junk of JUNK_ACTIONS) environment.step({ text: junk });
      if (environment.verdict().success) yield `${instance.id}: an episode of junk actions succeeds`;
    }
  },
};

const knobsBuildSpecs: DomainCheck = {
  name: 'builds specs from knob values (without knobs, draws them from its grammar) and reports finite features',
  *reasons({ domain }) {
    if (domain.knobs.length === 0) {
      // A world without knobs (its task types written as text only) draws them from its whole grammar instead: the
      // draw the uniform baseline makes. Optional, but where given it must be a pure function of its seed.
      if (!domain.drawSpec) return;
      for (const seed of [1, 2, 3]) {
        const drawn = domain.drawSpec(seed);
        if (!isDeepStrictEqual(domain.drawSpec(seed), drawn)) yield `drawSpec(${seed}) differs between two calls`;
        const parsed = domain.parseSpec(domain.formatSpec(drawn));
        if (!parsed.ok || !isDeepStrictEqual(parsed.value, drawn))
          yield `drawSpec(${seed}) does not round-trip through its text ${shown(domain.formatSpec(drawn))}`;
        for (const [name, value] of Object.entries(domain.features(drawn)))
          if (!Number.isFinite(value)) yield `drawSpec(${seed})'s feature ${name} is ${value}, not finite`;
        const result = domain.instantiate(drawn, 1, seed);
        if (!result.ok) yield `drawSpec(${seed}) does not instantiate: ${result.reason}`;
      }
      return;
    }
    const easiest = Object.fromEntries(domain.knobs.map((knob) => [knob.name, knob.values[0]!]));
    const built = domain.specFromKnobs(easiest, 1);
    if (!built.ok) yield `specFromKnobs(${shown(easiest)}, 1), the easiest values, fails: ${built.reason}`;
    else {
      for (const [name, value] of Object.entries(domain.features(built.value)))
        if (!Number.isFinite(value)) yield `the easiest spec's feature ${name} is ${value}, not finite`;
      const result = domain.instantiate(built.value, 1, 1);
      if (!result.ok) yield `the easiest spec does not instantiate: ${result.reason}`;
    }
    const hardest = Object.fromEntries(domain.knobs.map((knob) => [knob.name, knob.values[knob.values.length - 1]!]));
    const hard = domain.specFromKnobs(hardest, 1);
    if (hard.ok) {
      const result = domain.instantiate(hard.value, 1, 1);
      if (!result.ok && result.reason.length === 0) yield 'the hardest spec is refused with no reason';
    }
  },
};

/** The checks of a world's tasks, scores and determinism (the grammar's are in grammar-checks.ts). */
export const WORLD_CHECKS: readonly DomainCheck[] = [
  seedsRoundTrip,
  goldScoresOne,
  junkScoresZero,
  refusesInvalidSpecs,
  deterministic,
  playsEpisodes,
  knobsBuildSpecs,
];
