"""The batches genenv's updates train on, built again from their definitions (src/algorithms/grpo.ts, rwr.ts, sft.ts)
for test/peer/torch_reference.py: which sequences carry a loss, each one's signal and off-policy flag, and the
objective's options. Standard library only; the objective itself is torch_objectives.py's.
"""


def scored_tokens(sequence):
    """Tokens a sequence's loss covers: those at positions >= max(1, lossStart)."""
    return len(sequence["tokens"]) - max(1, sequence["lossStart"])


def grpo_advantages(rewards, epsilon):
    """(r - mean) / (std + eps) within the group, population std; an all-equal group (or a group of one) gives 0."""
    mean = sum(rewards) / len(rewards)
    spread = (sum((reward - mean) ** 2 for reward in rewards) / len(rewards)) ** 0.5
    return [(reward - mean) / (spread + epsilon) if spread > 1e-12 else 0.0 for reward in rewards]


def grpo_batch(update):
    """One GRPO minibatch holding every group: each group's guide joins it with reward 1 where the guidance mode
    asks (failed-groups: no rollout reached 1), advantages within the group, and the members with a nonzero advantage
    and a nonempty loss kept; a guide is off-policy."""
    sequences, signal, off_policy = [], [], []
    for group in update["groups"]:
        members = list(group["sequences"])
        rewards = list(group["rewards"])
        guided = group.get("guide") is not None and (
            update["guidance"] == "all-groups"
            or (update["guidance"] == "failed-groups" and not any(reward >= 1 for reward in rewards))
        )
        if guided:
            members.append(group["guide"])
            rewards.append(1.0)
        for index, (sequence, advantage) in enumerate(zip(members, grpo_advantages(rewards, update["epsilon"]))):
            if advantage != 0 and scored_tokens(sequence) > 0:
                sequences.append(sequence)
                signal.append(advantage)
                off_policy.append(1 if guided and index == len(members) - 1 else 0)
    return {"sequences": sequences, "signal": signal, "offPolicy": off_policy}


def rwr_batch(update):
    """Records of weight > 0 with a nonempty loss, each with signal w / sum(w) x the record count."""
    kept = [record for record in update["records"] if record["weight"] > 0 and scored_tokens(record["sequence"]) > 0]
    total = sum(record["weight"] for record in kept)
    return {
        "sequences": [record["sequence"] for record in kept],
        "signal": [record["weight"] / total * len(kept) for record in kept],
        "offPolicy": [0] * len(kept),
    }


def sft_batch(update):
    """Every sequence with a nonempty loss, signal 1."""
    kept = [sequence for sequence in update["sequences"] if scored_tokens(sequence) > 0]
    return {"sequences": kept, "signal": [1.0] * len(kept), "offPolicy": [0] * len(kept)}


BATCHES = {"grpo": grpo_batch, "rwr": rwr_batch, "sft": sft_batch}
