/** The run of a registered world that test/library/players.test.ts kills and resumes: a few student epochs. */
export const REGISTERED_WORLD_CONFIG = {
  preset: 'student',
  epochs: 6,
  domain: { name: 'sorting', options: { seedTasks: 30, heldOutSize: 12 } },
} as const;
