export {
  advantageEstimators,
  flattenGroups,
  type AdvantageEstimator,
  type AdvantageName,
  type FlatGroups,
} from './advantages.ts';
export {
  klEstimators,
  policyLosses,
  type KlEstimator,
  type KlEstimatorName,
  type PolicyLossName,
  type PolicyLossTerm,
} from './token-losses.ts';
export {
  aggregationWeights,
  distributionKl,
  tokenObjective,
  tokenObjectiveReference,
  type AggregationMode,
  type ObjectiveOptions,
  type ObjectiveResult,
  type TokenTerms,
} from './objective.ts';
export { evaluateLoss, supervisedFineTune, type SftOptions, type SftOrder, type SftStats } from './sft.ts';
export { grpoUpdate, type GrpoGroup, type GrpoOptions, type GrpoStats } from './grpo.ts';
export { rwrUpdate, type RwrOptions, type RwrStats, type WeightedSequence } from './rwr.ts';
