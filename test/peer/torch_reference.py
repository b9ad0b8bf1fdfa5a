"""PyTorch autograd on the cases test/peer/torch-autograd.peer.test.ts exports: for every case folder under the folder
given, the loss and every parameter's gradient of genenv's model (src/measurement/torch-peer/genenv_model.py) and
token objective (torch_objectives.py) on the same weights and batch, in float32 and in float64.

A case folder holds genenv's checkpoint (model.json and the .f32 arrays it names, src/models/checkpoint.ts) and
case.json: genenv's layout to check this one against, the objective's options, and either one batch (sequences,
per-sequence signals and off-policy flags, per-token old and reference log-probabilities) or an update of genenv's
(GRPO groups with rewards, RWR records, SFT sequences: torch_updates.py builds its batch) with the weights of each
of its optimiser steps, the weights π_old was scored under and those of the reference. Written back for step s:
torch-s-float32.f32 and torch-s-float64.f64 (gradients in genenv's flat order), torch-s-float64-<estimator>.f64 for
each alternative KL estimator asked, and torch.json (losses, per-token log-probabilities and entropies, clipping
counts per step).

Usage: python3 torch_reference.py CASES_FOLDER
"""

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "src", "measurement", "torch-peer"))

import torch  # noqa: E402
from genenv_model import GenenvModel, pack, parameter_layout, read_float32, write_values  # noqa: E402
from torch_objectives import aggregation_weights, token_objective  # noqa: E402
from torch_updates import BATCHES  # noqa: E402


def score(model, sequences):
    """log pi and the entropy of each scored token [tokens], and the scored tokens per sequence."""
    tokens, scored = pack(sequences)
    log_probabilities, entropies = model.forward(tokens)
    rows = torch.tensor([sequence for sequence, _, _ in scored])
    positions = torch.tensor([position for _, position, _ in scored])
    targets = torch.tensor([target for _, _, target in scored])
    lengths = [sum(1 for sequence, _, _ in scored if sequence == index) for index in range(len(sequences))]
    return log_probabilities[rows, positions, targets], entropies[rows, positions], lengths


def token_terms(batch, lengths, step, dtype, frozen_logprobs):
    """The objective's per-token inputs [tokens]: each sequence's signal and off-policy flag broadcast over its
    tokens, the aggregation weights, and old and reference log-probabilities, given as numbers or scored here
    (without gradient) under the weights the step names."""

    def per_token(values):
        return torch.tensor([value for value, length in zip(values, lengths) for _ in range(length)], dtype=dtype)

    def frozen(key):
        if step.get(key + "Logprob") is not None:
            return torch.tensor(step[key + "Logprob"], dtype=dtype)
        if step.get(key + "Weights") is not None:
            return frozen_logprobs(step[key + "Weights"])
        return None

    return {
        "signal": per_token(batch["signal"]),
        "offPolicy": per_token(batch["offPolicy"]) > 0,
        "aggregation": aggregation_weights(lengths, batch["aggregation"], dtype),
        "oldLogprob": frozen("old"),
        "referenceLogprob": frozen("reference"),
    }


def clip_counts(logprob, terms, options):
    """Tokens whose clipped branch wins (zero gradient), below 1 - eps and above 1 + eps."""
    if options["policyLoss"] != "clipped-ratio":
        return {"clippedLow": 0, "clippedHigh": 0}
    ratio = torch.exp(logprob - terms["oldLogprob"]).detach()
    advantage = terms["signal"]
    clip = options["clip"]
    clipped = (torch.clamp(ratio, 1 - clip, 1 + clip) * advantage < ratio * advantage) & ~terms["offPolicy"]
    return {
        "clippedLow": int((clipped & (ratio < 1 - clip)).sum()),
        "clippedHigh": int((clipped & (ratio > 1 + clip)).sum()),
    }


def run(config, arrays, batch, step, dtype, estimator):
    """Loss, flat gradients and per-token figures of one step in `dtype` with the KL estimator `estimator`."""

    def frozen_logprobs(name):
        with torch.no_grad():
            return score(GenenvModel(config, arrays(name), dtype), batch["sequences"])[0]

    model = GenenvModel(config, arrays(step["weights"]), dtype)
    logprob, entropy, lengths = score(model, batch["sequences"])
    terms = token_terms(batch, lengths, step, dtype, frozen_logprobs)
    options = dict(batch["objective"], klEstimator=estimator)
    loss, parts = token_objective(logprob, entropy, terms, options)
    loss.backward()
    figures = {
        "loss": loss.item(),
        **{name: value.item() for name, value in parts.items()},
        **clip_counts(logprob, terms, options),
        "logprobs": logprob.detach().tolist(),
        "entropies": entropy.detach().tolist(),
    }
    return figures, model.flat_gradients()


def batch_and_steps(case):
    """The batch a case trains on and its steps: one given batch, or an update's batch and optimiser steps."""
    if "update" in case:
        batch = BATCHES[case["update"]["algorithm"]](case["update"])
        steps = case["steps"]
    else:
        batch = {key: case[key] for key in ("sequences", "signal", "offPolicy")}
        steps = [{"weights": "weights", "oldLogprob": case["oldLogprob"], "referenceLogprob": case["referenceLogprob"]}]
    return dict(batch, objective=case["objective"], aggregation=case["objective"]["aggregation"]), steps


def check_layout(config, case):
    """genenv's layout (names, offsets, shapes) must be the one genenv_model.py reads."""
    offset = 0
    ours = []
    for name, shape in parameter_layout(config):
        ours.append([name, offset, shape])
        size = 1
        for extent in shape:
            size *= extent
        offset += size
    if ours != case["layout"]:
        raise ValueError(f"layout differs: genenv {case['layout']} here {ours}")


def run_case(case_folder):
    with open(os.path.join(case_folder, "model.json")) as file:
        manifest = json.load(file)
    with open(os.path.join(case_folder, "case.json")) as file:
        case = json.load(file)
    config = manifest["config"]
    check_layout(config, case)
    loaded = {}

    def arrays(name):
        if name not in loaded:
            loaded[name] = read_float32(os.path.join(case_folder, manifest["arrays"][name]["file"]))
        return loaded[name]

    batch, steps = batch_and_steps(case)
    estimator = case["objective"]["klEstimator"]
    results = {"torch": torch.__version__, "steps": []}
    for index, step in enumerate(steps):
        figures = {}
        runs = [(torch.float32, "float32.f32", estimator), (torch.float64, "float64.f64", estimator)]
        runs += [(torch.float64, f"float64-{name}.f64", name) for name in case.get("alternativeEstimators", [])]
        for dtype, suffix, chosen in runs:
            figures[suffix.rsplit(".", 1)[0]], gradients = run(config, arrays, batch, step, dtype, chosen)
            write_values(os.path.join(case_folder, f"torch-{index}-{suffix}"), gradients)
        results["steps"].append(figures)
    with open(os.path.join(case_folder, "torch.json"), "w") as file:
        json.dump(results, file)


def main(folder):
    torch.set_num_threads(1)
    for name in sorted(os.listdir(folder)):
        run_case(os.path.join(folder, name))


if __name__ == "__main__":
    main(sys.argv[1])
