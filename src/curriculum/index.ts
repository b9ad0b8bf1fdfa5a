export * from './success-rate.ts';
export * from './difficulty-scorers.ts';
export * from './band-filter.ts';
export * from './rwr-weights.ts';
export * from './frontier.ts';
export * from './knob-model.ts';
export * from './success-predictor.ts';
export * from './success-predictor-features.ts';
