/** The options of the multihop domain (`domain.options` of a run config naming `multihop`). */
import { datasetOptionsSchema } from '../world-options.ts';

export const MultihopOptionsSchema = datasetOptionsSchema({ seedTasks: 120, heldOutSize: 100, maxHeldOutSize: 2000 });
