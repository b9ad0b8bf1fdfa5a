/** Hand-off to LLM trainers: dataset exports, the per-epoch trainer hook, and LoRA adapter lifecycles. */
export {
  exportTrainingSets,
  type TrainingRecords,
  type ExportOptions,
  type ExportedPaths,
} from './export-training-sets.ts';
export {
  grpoRow,
  sftRow,
  sftExampleRow,
  demonstrationRow,
  resampleCounts,
  trainerKeys,
  wireMessages,
  TRAINER_FORMATS,
  type TrainerFormat,
} from './export-formats.ts';
export { runTrainerHook, type TrainerHookInput } from './trainer-hook.ts';
export { adapterName, AdapterLeases } from './adapter-leases.ts';
export { VllmAdapterManager } from './vllm-adapters.ts';
export { LlamaCppAdapterManager, type LlamaAdapterEntry } from './llama-cpp-adapters.ts';
export { AdapterRotation, type HookTrainingSettings, type AdapterRoutable } from './adapter-rotation.ts';
export { HookTrainedAgent } from './hook-trained-agent.ts';
export { HookTrainedSimulator } from './hook-trained-simulator.ts';
