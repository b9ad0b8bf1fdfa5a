export * from './errors.ts';
export * from './zod-error.ts';
export * from './chat.ts';
export * from './task.ts';
export * from './domain.ts';
export * from './simulator.ts';
export * from './policy.ts';
export * from './config.ts';
export {
  RETIRED_OPTION_KEYS,
  renamedOptionMessage,
  retiredOptionMessage,
  withoutRetiredOptions,
} from './retired-options.ts';
export * from './events.ts';
export * from './summary.ts';
export * from './metrics.ts';
export * from './retired-metric-names.ts';
export * from './benchmark.ts';
export * from './adapter-manager.ts';
export * from './run-records.ts';
export * from './spec-grammar.ts';
export * from './interaction.ts';
export * from './service-protocol.ts';
