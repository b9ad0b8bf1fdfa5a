import { describe, expect, it } from 'vitest';
import { describeDomainContract } from '../../../test/contracts/domain-contract.ts';
import { grammarState } from '../../interfaces/spec-grammar.ts';
import type { Completion, TaskInstance } from '../../interfaces/task.ts';
import { Random } from '../../util/random.ts';
import { RELATION_NAMES, RELATIONS, pathIssue } from './catalogue.ts';
import { HARD_DISTRIBUTION, SEED_DISTRIBUTION } from './datasets.ts';
import { createMultihop } from './domain.ts';
import { ANSWERED, INVALID_ACTION, type MultihopPayload, TOP_K, answerScore } from './episode.ts';
import { proveReferencePlan } from './instantiate.ts';
import { MULTIHOP_KNOBS, multihopKnobValuesOf, multihopSpecFromKnobs } from './knobs.ts';
import { NameMaker } from './names.ts';
import { composeQuestion } from './questions.ts';
import { type MultihopSpec, formatMultihopSpec, hopsOf, parseMultihopSpec } from './spec.ts';
import { NAME_POOLS, RESERVED_WORDS, WORLD_SIZES, documentText, generateWorld } from './world.ts';

const answer = (text: string): Completion => ({ text, policyVersion: 'test' });
const domain = createMultihop({ heldOutSize: 40 });
const payloadOf = (instance: TaskInstance) => (instance as TaskInstance<MultihopPayload>).payload;
const spec = (text: string): MultihopSpec => {
  const parsed = parseMultihopSpec(text);
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.value;
};
const queriesOf = (plan: readonly string[]) => plan.flatMap((action) => /^search: (.*)$/.exec(action)?.[1] ?? []);

describeDomainContract('multihop', () => createMultihop({ heldOutSize: 40 }), {
  nearMisses: (instance) => {
    const { plan, answer: gold } = payloadOf(instance);
    const searches = plan.slice(0, -1);
    const others = [...new Set(queriesOf(plan))].filter((name) => name !== gold);
    const wrong = /^\d+$/.test(gold)
      ? [String(Number(gold) + 1), String(Number(gold) - 100)]
      : gold === 'yes' || gold === 'no'
        ? [gold === 'yes' ? 'no' : 'yes']
        : [];
    return [
      // The answer of another hop (a name read on the way), a wrong number, the other yes/no.
      ...[...others, ...wrong].map((text) => answer([...searches, `answer: ${text}`].join('\n'))),
      // The searches without the answer.
      answer(searches.join('\n')),
    ];
  },
  invalidSpecTexts: [
    'bridge|born|d0|p0',
    'bridge|founder>born>birthplace|d0|p0',
    'bridge|founder>birthplace>country>capital>population|d0|p0',
    'bridge|born>founder|d0|p0',
    'bridge|capital>country|d0|p0',
    'which|founded|born|d0|p0',
    'which|founder>birthplace|founded|d0|p0',
    'yesno|founded|d0|p0',
    'bridge|founder>born|founded|d0|p0',
    'bridge|founder>born|d5|p0',
    'bridge|founder>born|d0|p4',
    'bridge|founder>born',
    'quiz|founder>born|d0|p0',
    '{"form":"bridge","paths":[["founder","born"]]}',
  ],
  grammarKeepsFamilies: true,
});

describe('multihop world', () => {
  it('generates every entity with every relation of its kind, distinct role holders and distinct name words', () => {
    for (const seed of [1, 2, 3]) {
      const world = generateWorld(new Random(seed));
      expect(world.entities).toHaveLength(Object.values(WORLD_SIZES).reduce((sum, count) => sum + count, 0));
      for (const entity of world.entities) {
        for (const relation of RELATION_NAMES.filter((name) => RELATIONS[name].from === entity.kind)) {
          const fact = entity.facts[relation];
          expect(fact, `${entity.name}.${relation}`).toBeDefined();
          const target = RELATIONS[relation].to;
          if (target !== 'year' && target !== 'count') expect(world.entities[fact!]!.kind).toBe(target);
        }
      }
      const holders = world.entities.flatMap((entity) =>
        (['founder', 'leader', 'director'] as const).flatMap((role) => entity.facts[role] ?? []),
      );
      expect(new Set(holders).size).toBe(holders.length);
      const words = world.entities.flatMap((entity) => entity.name.toLowerCase().split(' '));
      expect(new Set(words).size).toBe(words.length);
      for (const word of words) expect(RESERVED_WORDS.has(word)).toBe(false);
      for (const [index, country] of world.entities.entries()) {
        if (country.kind !== 'country') continue;
        expect(world.entities[country.facts.capital!]!.facts.country).toBe(index);
      }
    }
  });

  it('is a pure function of its seed and writes one document per entity stating its facts', () => {
    expect(generateWorld(new Random(5))).toEqual(generateWorld(new Random(5)));
    expect(generateWorld(new Random(5))).not.toEqual(generateWorld(new Random(6)));
    const world = generateWorld(new Random(5));
    const company = world.entities.findIndex((entity) => entity.kind === 'company');
    const facts = world.entities[company]!.facts;
    expect(documentText(world, company)).toBe(
      `${world.entities[company]!.name} (company): founder ${world.entities[facts.founder!]!.name}; founded ` +
        `${facts.founded}.`,
    );
  });

  it('draws names from fixed pools of distinct invented words, none a word of the documents or questions', () => {
    const words = Object.values(NAME_POOLS).flat();
    expect(new Set(words.map((word) => word.toLowerCase())).size).toBe(words.length);
    for (const word of words) {
      expect(word).toMatch(/^[A-Z][a-z]{3,6}$/);
      expect(RESERVED_WORDS.has(word.toLowerCase())).toBe(false);
    }
    expect(RESERVED_WORDS.has('founded')).toBe(true);
    expect(RESERVED_WORDS.has('native')).toBe(true);
    const pools = { person: ['Ana'], city: [], country: [], company: [], band: [], film: [] };
    const names = new NameMaker(new Random(1), pools);
    expect(names.name('person')).toBe('Ana');
    expect(names.similar('person', 'Ana')).toMatch(/^Ana (Junior|Senior|Younger|Elder)$/);
    expect(() => names.name('person')).toThrow(/used up/);
  });
});

describe('multihop question composer', () => {
  const world = generateWorld(new Random(11));
  const name = (index: number) => world.entities[index]!.name;

  it('computes a bridge answer by walking the facts', () => {
    const composed = composeQuestion(world, spec('bridge|founder>born|d0|p0'), new Random(1));
    expect(composed.ok).toBe(true);
    if (!composed.ok) return;
    const [company, founder] = composed.value.hops.map((hop) => hop.entity);
    expect(world.entities[company!]!.facts.founder).toBe(founder);
    expect(composed.value.question).toBe(`In which year was the founder of ${name(company!)} born?`);
    expect(composed.value.answer).toBe(String(world.entities[founder!]!.facts.born));
    expect(composed.value.hops.map((hop) => hop.query)).toEqual([name(company!), name(founder!)]);
  });

  it('answers an entity bridge with the name the last document gives', () => {
    const composed = composeQuestion(world, spec('bridge|founder>birthplace>country|d0|p1'), new Random(2));
    expect(composed.ok).toBe(true);
    if (!composed.ok) return;
    const city = world.entities[composed.value.hops[2]!.entity]!;
    expect(composed.value.answer).toBe(name(city.facts.country!));
    expect(composed.value.question).toMatch(/^Name the country where the native city of the creator of \w+ lies\.$/);
  });

  it('compares two walks and reads the compared documents last', () => {
    for (const form of ['which', 'yesno'] as const) {
      const composed = composeQuestion(world, spec(`${form}|founder>born|leader>born|d0|p0`), new Random(3));
      expect(composed.ok).toBe(true);
      if (!composed.ok) return;
      const [company, band, founder, leader] = composed.value.hops.map((hop) => world.entities[hop.entity]!);
      expect([company!.kind, band!.kind, founder!.kind, leader!.kind]).toEqual(['company', 'band', 'person', 'person']);
      const founderFirst = founder!.facts.born! < leader!.facts.born!;
      expect(composed.value.answer).toBe(
        form === 'which' ? (founderFirst ? founder!.name : leader!.name) : founderFirst ? 'yes' : 'no',
      );
      expect(composed.value.question).toContain(`the founder of ${company!.name}`);
    }
  });

  it('counts larger populations first and refuses ties', () => {
    const cities = world.entities.flatMap((entity, index) => (entity.kind === 'city' ? [index] : []));
    const composed = composeQuestion(world, spec('which|population|population|d0|p0'), new Random(4));
    expect(composed.ok).toBe(true);
    if (!composed.ok) return;
    const [first, second] = composed.value.hops.map((hop) => world.entities[hop.entity]!);
    expect(composed.value.answer).toBe(
      first!.facts.population! > second!.facts.population! ? first!.name : second!.name,
    );
    const flat = {
      entities: world.entities.map((entity, index) =>
        cities.includes(index) ? { ...entity, facts: { ...entity.facts, population: 1000 } } : entity,
      ),
    };
    const tied = composeQuestion(flat, spec('which|population|population|d0|p0'), new Random(4));
    expect(tied).toEqual({ ok: false, reason: expect.stringContaining('differ in population') });
  });
});

describe('multihop instances and episodes', () => {
  const instance = (text: string, seed = 1) => {
    const result = domain.instantiate(spec(text), 1, seed);
    if (!result.ok) throw new Error(result.reason);
    return result.instances[0]!;
  };

  it('searches the world, shows the top results compactly and scores the answer by EM and F1', () => {
    const item = instance('bridge|founder>born|d2|p0');
    const { plan, answer: gold } = item.payload;
    const environment = domain.interactive!.reset(item);
    expect(environment.observation).toBe(`Question: ${item.payload.question}`);
    const first = environment.step({ text: plan[0]! });
    expect(first.done).toBe(false);
    expect(first.observation.split('\n\n')).toHaveLength(TOP_K);
    expect(environment.step({ text: 'dance' })).toEqual({ action: '', observation: INVALID_ACTION, done: false });
    const prompt = domain.interactive!.turnPrompt(item, environment.observation, [first], 't');
    const best = item.payload.documents.find((document) => document.title === queriesOf(plan)[0])!;
    expect(prompt.text).toBe(
      `Question: ${item.payload.question}\n${plan[0]}\n<information>${best.text}</information>\nAnswer:`,
    );
    expect(prompt.messages.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'tool']);
    expect(prompt.messages[2]!.toolCalls?.[0]).toMatchObject({
      name: 'search',
      arguments: { query: queriesOf(plan)[0] },
    });
    expect(prompt.reference.answer).toBe(plan[1]);
    expect(
      environment.step({ text: '', toolCalls: [{ name: 'final_answer', arguments: { answer: `The ${gold}.` } }] }),
    ).toEqual({
      action: `answer: The ${gold}`,
      observation: ANSWERED,
      done: true,
    });
    expect(environment.verdict()).toEqual({ reward: 1, success: true });
    expect(answerScore('Mira Olvane', 'Olvane')).toEqual({ reward: 2 / 3, success: false });
  });

  it('keeps the compact prompt small: every action, and the best result of the last search (two for comparisons)', () => {
    for (const [text, kept] of [
      ['bridge|leader>birthplace>country>capital|d4|p2', 1],
      ['which|founder>born|leader>born|d4|p2', 2],
    ] as const) {
      const item = instance(text);
      const plan = item.payload.plan;
      const environment = domain.interactive!.reset(item);
      const turns = plan.slice(0, -1).map((action) => {
        const step = environment.step({ text: action });
        return { action: step.action, observation: step.observation };
      });
      const prompt = domain.interactive!.turnPrompt(item, environment.observation, turns, 't').text;
      expect(prompt.match(/<information>/g)).toHaveLength(kept);
      expect(prompt.match(/^search: /gm)).toHaveLength(plan.length - 1);
      expect(prompt).not.toContain('[2]');
      const last = queriesOf(plan).at(-1)!;
      expect(prompt).toContain(`<information>${last} (`);
      expect(prompt.length).toBeLessThan(400);
    }
  });

  it('rejects a world whose hop document the reference search does not find, with the reason', () => {
    const item = instance('bridge|founder>born|d0|p0');
    const hop = queriesOf(item.payload.plan)[1]!;
    const documents = item.payload.documents.filter((document) => document.title !== hop);
    const broken = { ...item, payload: { ...item.payload, documents } };
    const hops = queriesOf(item.payload.plan).map(
      (title) => item.payload.documents.find((document) => document.title === title)!,
    );
    expect(proveReferencePlan(item, hops)).toEqual({ ok: true, value: true });
    expect(proveReferencePlan(broken, hops)).toEqual({
      ok: false,
      reason: `"search: ${hop}" does not find the document of ${hop} first`,
    });
  });

  it('adds similar-named distractor documents that the searches find', () => {
    const plain = instance('bridge|founder>born|d0|p0', 4);
    const distracted = instance('bridge|founder>born|d4|p0', 4);
    expect(distracted.payload.documents.length).toBe(plain.payload.documents.length + 4);
    const environment = domain.interactive!.reset(distracted);
    const observations = distracted.payload.plan.slice(0, -1).map((action) => environment.step({ text: action }));
    const alike = observations.filter((step) => {
      const titles = [...step.observation.matchAll(/^\[\d\] (.*)$/gm)].map((match) => match[1]!);
      return titles.length === 2 && titles[0]!.split(' ').some((word) => titles[1]!.split(' ').includes(word));
    });
    expect(alike.length).toBeGreaterThan(0);
  });

  it('makes test-hard harder than test-id and keeps the unseen paraphrase out of the seeds', () => {
    const [id, hard] = domain.heldOutSets();
    const mean = (set: typeof id, feature: string) =>
      set!.instances.reduce((sum, item) => sum + item.features[feature]!, 0) / set!.instances.length;
    expect(mean(hard, 'hops')).toBeGreaterThan(mean(id, 'hops') + 0.5);
    expect(mean(hard, 'difficulty')).toBeGreaterThan(mean(id, 'difficulty') + 1);
    expect(domain.seeds().every((seed) => seed.spec.paraphrase < 3)).toBe(true);
    expect(new Set(domain.seeds().map((seed) => seed.family)).size).toBe(4);
    expect(HARD_DISTRIBUTION.paraphrase).toEqual([3]);
    expect(SEED_DISTRIBUTION.paraphrase).not.toContain(3);
  });
});

describe('multihop spec, knobs and grammar', () => {
  it('round-trips compact text and counts hops over both paths', () => {
    const text = 'which|founder>born|leader>born|d1|p2';
    expect(formatMultihopSpec(spec(text))).toBe(text);
    expect(hopsOf(spec(text))).toBe(4);
    expect(pathIssue(['capital', 'country'])).toMatch(/leads back/);
  });

  it('builds specs of every knob combination with the asked hops and answer type', () => {
    for (const hops of [2, 3, 4])
      for (const answerType of ['number', 'entity', 'which', 'yesno'])
        for (const seed of [1, 2, 3]) {
          const values = { hops, answer: answerType, distractors: 2, paraphrase: 1 };
          const built = multihopSpecFromKnobs(values, seed);
          expect(built.ok, built.ok ? '' : built.reason).toBe(true);
          if (built.ok) {
            expect(multihopKnobValuesOf(built.value)).toEqual(values);
            expect(domain.instantiate(built.value, 1, seed).ok).toBe(true);
          }
        }
    expect(multihopSpecFromKnobs({ hops: 5, answer: 'number', distractors: 0, paraphrase: 0 }, 1).ok).toBe(false);
    expect(MULTIHOP_KNOBS.map((knob) => knob.name)).toEqual(['hops', 'answer', 'distractors', 'paraphrase']);
  });

  it('accepts exactly the valid specs: every seed, and no invalid path', () => {
    const grammar = domain.specGrammar!();
    for (const seed of domain.seeds()) {
      const state = grammarState(grammar, formatMultihopSpec(seed.spec));
      expect(state !== null && grammar.complete(state), formatMultihopSpec(seed.spec)).toBe(true);
    }
    for (const text of ['bridge|born', 'bridge|capital>country', 'which|founded|born', 'bridge|founder>born|d0|p0|'])
      expect(grammarState(grammar, text), text).toBeNull();
    const start = grammarState(grammar, 'bridge|founder>born')!;
    expect(grammar.complete(start)).toBe(false);
    expect(grammar.remaining(start)).toBe('|d0|p0'.length);
  });

  it('started for a family, opens only its form and ends a bridge only as the family says', () => {
    const grammar = domain.specGrammar!();
    const accepts = (family: string, text: string) => {
      const state = grammarState(grammar, text, grammar.initial(family));
      return state !== null && grammar.complete(state);
    };
    expect(accepts('bridge-number', 'bridge|founder>born|d0|p0')).toBe(true);
    expect(accepts('bridge-entity', 'bridge|founder>born|d0|p0')).toBe(false);
    expect(accepts('bridge-entity', 'bridge|founder>birthplace|d0|p0')).toBe(true);
    expect(accepts('bridge-number', 'bridge|founder>birthplace|d0|p0')).toBe(false);
    expect(accepts('compare-which', 'which|founded|founded|d0|p0')).toBe(true);
    expect(accepts('compare-which', 'yesno|founded|founded|d0|p0')).toBe(false);
    expect(accepts('compare-yesno', 'yesno|founded|founded|d0|p0')).toBe(true);
    // A family it does not know leaves every form open.
    expect(accepts('other', 'yesno|founded|founded|d0|p0')).toBe(true);
    // An entity bridge never walks to a value relation.
    expect(grammarState(grammar, 'bridge|founder>bo', grammar.initial('bridge-entity'))).toBeNull();
    expect(grammar.remaining(grammarState(grammar, 'bridge|founder', grammar.initial('bridge-entity'))!)).toBe(
      '>birthplace|d0|p0'.length,
    );
  });
});
