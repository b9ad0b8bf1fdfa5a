/** An epoch's stored metrics with nothing measured, for tests that set the few fields they read. */
export function emptyEpoch(epoch: number) {
  return {
    epoch,
    successRate: null,
    inBandFraction: null,
    envReward: null,
    heldOutAccuracy: {},
    taskComplexity: {},
    responseLength: null,
    invalidProposals: 0,
    successRates: [],
    solvedFraction: null,
    unsolvedFraction: null,
    agentReward: null,
    syntheticSamples: 0,
    extra: {},
  };
}
