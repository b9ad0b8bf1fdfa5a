/** What a warm start that checks its accuracy on a validation split makes of the checks so far. */
export interface StoppingVerdict {
  /** Index of the check whose weights the warm start keeps: the first to reach the highest accuracy. */
  kept: number;
  /** Whether it stops now: a perfect check, or `patience` checks since the kept one without beating it. */
  stop: boolean;
}

/**
 * Early stopping on validation accuracy (checks in order, each in [0, 1]). The warm start keeps the first check that
 * reached the best accuracy, so a later check must do strictly better to move it: the warm start is as long as the
 * validation split says it needs to be, and no longer. With no check yet it keeps nothing and goes on. Pure.
 */
export function stoppingVerdict(accuracies: readonly number[], patience: number): StoppingVerdict {
  let kept = -1;
  for (let index = 0; index < accuracies.length; index++) {
    if (kept < 0 || accuracies[index]! > accuracies[kept]!) kept = index;
  }
  if (kept < 0) return { kept, stop: false };
  const stop = accuracies[kept]! >= 1 || accuracies.length - 1 - kept >= Math.max(1, patience);
  return { kept, stop };
}
