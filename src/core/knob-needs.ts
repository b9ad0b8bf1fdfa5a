/**
 * What needs a domain's difficulty knobs: the frontier sampler (the `sampler` and `sampler-frozen` variants, and
 * genenv's `frontierShare` > 0) draws over the knob cells, and the uniform draw (`uniform`, `dynamic` and `selector`)
 * over the knobs or, where a world has none, its grammar (`drawSpec`). A run that asks for one of them on a world
 * without what it needs is refused before it starts, in one line, instead of running something else.
 */
import { type Domain, GenEnvError, type RunConfig } from '../interfaces/index.ts';
import { drawsUniformly, VARIANTS } from './variants.ts';

/** Why `config` cannot run on `domain` for want of knobs (one line), or null when it can. Pure. */
export function knobNeedsRefusal(
  config: Pick<RunConfig, 'variant' | 'frontierShare'>,
  domain: Pick<Domain, 'name' | 'knobs' | 'drawSpec'>,
): string | null {
  if (domain.knobs.length > 0) return null;
  const plan = VARIANTS[config.variant];
  const none = `domain ${domain.name} declares no difficulty knobs`;
  if (plan.frontier === 'all' || config.variant === 'sampler-frozen')
    return `the ${config.variant} variant draws the frontier sampler over the domain's knobs; ${none}`;
  if (plan.frontier === 'share' && config.frontierShare > 0)
    return `frontierShare ${config.frontierShare} draws task types over the domain's knobs; ${none} (set frontierShare to 0)`;
  if (drawsUniformly(plan) && !domain.drawSpec)
    return `the ${config.variant} variant draws over the domain's knobs or its grammar (drawSpec); ${none} and no drawSpec`;
  return null;
}

/** Throws GenEnvError('config') with `knobNeedsRefusal`'s line when there is one. */
export function refuseWhatNeedsKnobs(
  config: Pick<RunConfig, 'variant' | 'frontierShare'>,
  domain: Pick<Domain, 'name' | 'knobs' | 'drawSpec'>,
): void {
  const refusal = knobNeedsRefusal(config, domain);
  if (refusal) throw new GenEnvError('config', refusal);
}
