"""The token objectives of src/algorithms/ written from their definitions in PyTorch, one small function per term,
for autograd to differentiate (test/peer/torch_reference.py). Every function takes per-token tensors [tokens].
"""

import torch


def clipped_ratio(logprob, old_logprob, advantage, clip):
    """PPO/GRPO: -min(rho A, clip(rho, 1 - eps, 1 + eps) A), rho = exp(log pi - log pi_old)."""
    ratio = torch.exp(logprob - old_logprob)
    return -torch.minimum(ratio * advantage, torch.clamp(ratio, 1 - clip, 1 + clip) * advantage)


def weighted_nll(logprob, weight):
    """RWR, SFT and guided tokens: -w log pi."""
    return -weight * logprob


def k1(logprob, reference):
    """log pi - log pi_ref."""
    return logprob - reference


def k2(logprob, reference):
    """1/2 (log pi - log pi_ref)^2."""
    return 0.5 * (logprob - reference) ** 2


def k3_clamp20(logprob, reference):
    """Schulman's k3, exp(d) - d - 1 with d = log pi_ref - log pi clamped to [-20, 20] (src/algorithms/token-losses.ts),
    the clamp differentiated as written: zero gradient where |d| > 20."""
    difference = torch.clamp(reference - logprob, -20, 20)
    return torch.exp(difference) - difference - 1


def k3_clamp20_straight_through(logprob, reference):
    """The same value with, where clamped, the gradient of the unclamped formula at the bound (1 - exp(+-20) w.r.t.
    log pi): the clamp written straight-through, d + (clamp(d) - d).detach()."""
    difference = reference - logprob
    bounded = difference + (torch.clamp(difference, -20, 20) - difference).detach()
    return torch.exp(bounded) - bounded - 1


def low_var_kl(logprob, reference):
    """verl's low_var_kl (core_algos.kl_penalty): kl = log pi_ref - log pi clamped to [-20, 20], then
    exp(kl) - kl - 1 clamped to [-10, 10]; torch.clamp gives zero gradient where either clamp holds."""
    difference = torch.clamp(reference - logprob, -20, 20)
    return torch.clamp(torch.exp(difference) - difference - 1, -10, 10)


KL_ESTIMATORS = {
    "k1": k1,
    "k2": k2,
    "k3-clamp20": k3_clamp20,
    "k3-clamp20-straight-through": k3_clamp20_straight_through,
    "low-var-kl": low_var_kl,
}


def aggregation_weights(lengths, mode, dtype):
    """Per-token weights of the batch mean: token-mean 1/(all tokens); sequence-mean 1/(non-empty sequences x the
    sequence's tokens)."""
    total = sum(lengths)
    non_empty = sum(1 for length in lengths if length > 0)
    parts = [
        torch.full((length,), 1 / total if mode == "token-mean" else 1 / (non_empty * length), dtype=dtype)
        for length in lengths
    ]
    return torch.cat(parts)


def token_objective(logprob, entropy, terms, options):
    """sum_i w_i (policy_i + beta kl_i) - eta sum_i w_i H_i over scored tokens, where a guided (off-policy) token's
    policy term is -A log pi and it has no KL term. Returns the loss and its parts (tensors)."""
    weight = terms["aggregation"]
    signal = terms["signal"]
    guided = terms["offPolicy"]
    if options["policyLoss"] == "clipped-ratio":
        on_policy = clipped_ratio(logprob, terms["oldLogprob"], signal, options["clip"])
    else:
        on_policy = weighted_nll(logprob, signal)
    policy = torch.where(guided, weighted_nll(logprob, signal), on_policy)
    kl = torch.zeros_like(logprob)
    if options["klCoefficient"] > 0:
        estimate = KL_ESTIMATORS[options["klEstimator"]](logprob, terms["referenceLogprob"])
        kl = torch.where(guided, torch.zeros_like(estimate), estimate)
    policy_loss = (weight * policy).sum()
    kl_loss = (weight * kl).sum()
    entropy_mean = (weight * entropy).sum()
    loss = policy_loss + options["klCoefficient"] * kl_loss - options["entropyCoefficient"] * entropy_mean
    return loss, {"policyLoss": policy_loss, "kl": kl_loss, "entropy": entropy_mean}
