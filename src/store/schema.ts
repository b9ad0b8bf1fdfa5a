/**
 * SQLite schema of run.sqlite. Everything of an epoch is written in one transaction, so the database
 * always holds whole epochs; `epochs` rows mark what is committed.
 */
export const SCHEMA_VERSION = 1;

export const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS epochs (
  epoch INTEGER PRIMARY KEY,
  metrics TEXT NOT NULL,
  checkpoint TEXT,
  agent_version TEXT NOT NULL,
  simulator_version TEXT NOT NULL,
  wall_seconds REAL NOT NULL,
  committed_at TEXT NOT NULL
);
-- Task types: every simulator proposal (or seed/offline task), valid or not, with its provenance.
CREATE TABLE IF NOT EXISTS proposals (
  id TEXT PRIMARY KEY,
  epoch INTEGER NOT NULL,
  -- simulator | static-pool (generated, unattempted) | static | seed | offline | uniform | replay
  source TEXT NOT NULL,
  context_id TEXT,
  seed_id TEXT,
  family TEXT,
  raw TEXT NOT NULL,
  spec TEXT,                       -- JSON, null when invalid
  sample TEXT,                     -- JSON policy-private data (token ids, knob indices)
  valid INTEGER NOT NULL,
  reason TEXT,                     -- why it was rejected
  success_rate REAL,               -- p̂ (Eq. 2)
  env_reward REAL,                 -- R_env (Eq. 3)
  in_band INTEGER,
  weight REAL,                     -- RWR weight
  features TEXT,                   -- JSON difficulty features
  simulator_version TEXT,
  agent_version TEXT
);
CREATE INDEX IF NOT EXISTS proposals_epoch ON proposals(epoch);
CREATE TABLE IF NOT EXISTS instances (
  id TEXT NOT NULL,
  proposal_id TEXT NOT NULL,
  epoch INTEGER NOT NULL,
  family TEXT NOT NULL,
  payload TEXT NOT NULL,           -- JSON TaskInstance
  PRIMARY KEY (proposal_id, id)
);
CREATE TABLE IF NOT EXISTS traces (
  id INTEGER PRIMARY KEY,
  epoch INTEGER NOT NULL,
  proposal_id TEXT NOT NULL,
  instance_id TEXT NOT NULL,
  sample INTEGER NOT NULL,
  completion TEXT NOT NULL,        -- JSON Completion
  reward REAL NOT NULL,
  success INTEGER NOT NULL,
  invalid TEXT,
  agent_version TEXT NOT NULL,
  UNIQUE (epoch, proposal_id, instance_id, sample)
);
-- Each (task type, instance)'s outcomes without reading the trace rows: the frontier sampler reads them every epoch
-- (groupOutcomes). Created on open too, so a store from before it gains it.
CREATE INDEX IF NOT EXISTS traces_outcomes ON traces(proposal_id, instance_id, success);
-- D_train: valid (well-formed and evaluable) traces used for training.
CREATE TABLE IF NOT EXISTS pool_train (trace_id INTEGER PRIMARY KEY, epoch INTEGER NOT NULL);
-- D_env: weighted simulator generations.
CREATE TABLE IF NOT EXISTS pool_env (
  proposal_id TEXT PRIMARY KEY, epoch INTEGER NOT NULL, weight REAL NOT NULL, env_reward REAL NOT NULL,
  success_rate REAL NOT NULL
);
`;
