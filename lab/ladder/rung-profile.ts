/**
 * How an agent does across the knob grid: success per cell and per rung from sampled rollouts (the rollout
 * temperature the run uses, so the figures are p̂ as the curriculum sees it), and a designed controllability
 * sample: task types drawn over every cell, each attempted n × G times, and the adjusted η² of their p̂ by knob
 * values (how much of p̂ across task types the spec's difficulty explains).
 */
import { type AgentPolicy, deriveSeed, type Domain } from '../../src/index.ts';
import { explainedShare } from '../analyses/difficulty-sources.ts';
import { batchSuccess } from './batch-success.ts';
import { type Cell, cellInstances, cellRung, knobCells } from './knob-grid.ts';

export interface CellSuccess {
  cell: Cell;
  rung: number;
  /** Share of successful rollouts, in [0, 1]. */
  successRate: number;
  rollouts: number;
}

export interface RungSuccess {
  rung: number;
  /** Mean success of the rung's cells (each cell weighs the same), in [0, 1]. */
  successRate: number;
  cells: number;
}

export interface ProfileOptions {
  /** Instances per cell. */
  instances: number;
  /** Rollouts per instance. */
  samples: number;
  temperature: number;
  seed: number;
}

/** Success of `agent` in every cell of the domain's knob grid. */
export async function cellProfile(agent: AgentPolicy, domain: Domain, options: ProfileOptions): Promise<CellSuccess[]> {
  const cells = knobCells(domain);
  const perCell = cells.map((cell, index) =>
    cellInstances(domain, cell, options.instances, deriveSeed(options.seed, 'profile', index)),
  );
  const outcomes = await batchSuccess(agent, domain, perCell, {
    samples: options.samples,
    temperature: options.temperature,
    seed: deriveSeed(options.seed, 'profile-rollouts'),
  });
  return cells.map((cell, index) => ({ cell, rung: cellRung(domain, cell), ...outcomes[index]! }));
}

/** Mean success per rung, each cell of the rung weighing the same. */
export function rungProfile(cells: readonly CellSuccess[]): RungSuccess[] {
  const byRung = new Map<number, number[]>();
  for (const entry of cells) byRung.set(entry.rung, [...(byRung.get(entry.rung) ?? []), entry.successRate]);
  return [...byRung.entries()]
    .sort(([left], [right]) => left - right)
    .map(([rung, rates]) => ({
      rung,
      successRate: rates.reduce((sum, rate) => sum + rate, 0) / rates.length,
      cells: rates.length,
    }));
}

/** Mean success per value of one knob over the cells (each cell weighing the same), in the knob's order. */
export function knobMeans(
  domain: Domain,
  cells: readonly CellSuccess[],
  knob: string,
): { value: string | number; successRate: number }[] {
  const values = domain.knobs.find((entry) => entry.name === knob)?.values ?? [];
  return values.map((value) => {
    const rates = cells.filter((entry) => entry.cell[knob] === value).map((entry) => entry.successRate);
    return { value, successRate: rates.length ? rates.reduce((sum, rate) => sum + rate, 0) / rates.length : 0 };
  });
}

/**
 * Controllability on a designed sample: `typesPerCell` task types drawn in every cell, each instantiated n times
 * and attempted G times; the adjusted η² of their p̂ grouped by cell. Null when p̂ does not vary.
 */
export async function designedControllability(
  agent: AgentPolicy,
  domain: Domain,
  options: { typesPerCell: number; variations: number; samples: number; temperature: number; seed: number },
): Promise<{ share: number | null; taskTypes: number }> {
  const cells = knobCells(domain);
  const taskTypes: { cell: string; instances: ReturnType<Domain['instantiate']> }[] = [];
  cells.forEach((cell, cellIndex) => {
    for (let index = 0; index < options.typesPerCell; index++) {
      const spec = domain.specFromKnobs(cell, deriveSeed(options.seed, 'designed-spec', cellIndex, index));
      if (!spec.ok) continue;
      const built = domain.instantiate(
        spec.value,
        options.variations,
        deriveSeed(options.seed, 'designed', cellIndex, index),
      );
      if (built.ok) taskTypes.push({ cell: JSON.stringify(cell), instances: built });
    }
  });
  const outcomes = await batchSuccess(
    agent,
    domain,
    taskTypes.map((taskType) => (taskType.instances.ok ? taskType.instances.instances : [])),
    { samples: options.samples, temperature: options.temperature, seed: deriveSeed(options.seed, 'designed-rollouts') },
  );
  const rates = outcomes.map((outcome) => outcome.successRate);
  return {
    share: explainedShare(
      rates,
      taskTypes.map((taskType) => taskType.cell),
    ),
    taskTypes: taskTypes.length,
  };
}
