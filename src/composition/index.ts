/**
 * The composition root of genenv: the one place that knows every concrete part by name. It builds domains, policies,
 * benchmarks and the offline variant's task source from names (the registries), holds the presets, resolves
 * preset ← config file ← flags into a run config, runs comparisons of variants, and keeps the conventions every
 * command line of genenv shares (flag parsers, exit statuses). The `genenv` CLI (src/cli/) and the lab (lab/) both reach the product's wiring through this module;
 * the parts below it never import it (test/architecture.test.ts).
 */
export { comparisonTable, runComparison, summariseVariant } from './comparison.ts';
export { type ComparisonOptions, planVariants, type VariantPlan } from './comparison-plan.ts';
export { benchmarkNames, loadBenchmark } from './benchmarks.ts';
export { configHelp, fieldDescription, readConfigFile, resolveRunConfig } from './config-resolution.ts';
export { exitStatusOf } from './exit-status.ts';
export { integerFlag, listFlag, numberFlag } from './flags.ts';
export { createOfflineSource, readOfflineSpecs } from './offline-source.ts';
export { DEFAULT_PRESET, PRESETS } from './presets.ts';
export {
  createDomain,
  createEvaluationAgent,
  createTeacher,
  createTrainableAgent,
  createTrainableSimulator,
  domainNames,
} from './registry.ts';
