/** The options of the household domain (`domain.options` of a run config naming `household`). */
import { datasetOptionsSchema, widthOptionSchema } from '../world-options.ts';
import { MAX_RECEPTACLES, MAX_WIDTH } from './spec.ts';

/** The `width` option of a household world. */
export const householdWidthOption = widthOptionSchema(
  MAX_WIDTH,
  `how many times more search receptacles (and deeper targets) than the original household's ${MAX_RECEPTACLES} ` +
    '(its longest plans far beyond what the warm-started agent solves)',
);

export const HouseholdOptionsSchema = datasetOptionsSchema({
  seedTasks: 120,
  heldOutSize: 100,
  maxHeldOutSize: 2000,
}).extend({ width: householdWidthOption });
