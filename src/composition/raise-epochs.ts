import { UsageError } from '../interfaces/index.ts';
import type { RunStore } from '../store/run-store.ts';

/**
 * Raises (or lowers) the epoch count of a resumed run to `epochs`, in config.json and in what its database recorded;
 * refused below the epochs already committed. Nothing changes when `epochs` is absent or the same.
 */
export function raiseEpochs(store: RunStore, epochs: number | undefined): void {
  if (epochs === undefined || epochs === store.config.epochs) return;
  const committed = store.lastCommittedEpoch() ?? 0;
  if (epochs < committed) throw new UsageError(`epochs ${epochs} is below the ${committed} epochs already committed`);
  store.updateConfig({ ...store.config, epochs });
}
