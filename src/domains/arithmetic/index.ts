export { createArithmeticDomain, extractInteger } from './domain.ts';
export { ArithmeticOptionsSchema } from './options.ts';
export { ArithmeticSpecSchema, arithmeticDifficulty, type ArithmeticSpec, type ArithmeticPayload } from './spec.ts';
export { formatArithmeticSpec, parseArithmeticSpec } from './format.ts';
