"""PyTorch's eager CPU training step on genenv's bench model, timed on request (src/measurement/torch-comparison.ts).

The process answers one JSON line per JSON line read on stdin:
- {"config", "weights", "sequences", "adam"}: builds genenv's model (genenv_model.py) from the float32 weights file
  (genenv's flat layout), packs the sequences as genenv does (loss on every token from max(1, lossStart)) and an
  AdamW with genenv's options; answers torch's version, its thread count, OpenMP's wait policy, the BLAS library it
  loaded and the loss of the initial weights on the batch.
- {"steps": K}: K training steps (forward, mean token NLL, backward, gradient-norm clip, AdamW step), each timed
  alone; answers their wall-clock milliseconds and the process's CPU milliseconds (all its threads) of each.
Its thread count is fixed for its life: the caller starts it with OMP_NUM_THREADS, OPENBLAS_NUM_THREADS and
MKL_NUM_THREADS set, and GENENV_TORCH_THREADS, which torch.set_num_threads takes. Standard library and torch only.
"""

import json
import os
import sys
import time

import torch
from genenv_model import GenenvModel, pack, read_float32


def loaded_blas():
    """The BLAS shared library this process mapped (the reference BLAS, OpenBLAS, ...), or '?'."""
    try:
        with open("/proc/self/maps") as maps:
            paths = {line.split()[-1] for line in maps if "blas" in line.lower() and "/" in line}
        return ", ".join(sorted(paths)) or "?"
    except OSError:
        return "?"


class Trainer:
    def __init__(self, request):
        self.model = GenenvModel(request["config"], read_float32(request["weights"]))
        self.tokens, scored = pack(request["sequences"])
        self.rows = torch.tensor([sequence for sequence, _, _ in scored])
        self.positions = torch.tensor([position for _, position, _ in scored])
        self.targets = torch.tensor([target for _, _, target in scored])
        adam = request["adam"]
        self.clip_norm = adam["clipNorm"]
        self.optimizer = torch.optim.AdamW(
            self.model.parameters(),
            lr=adam["learningRate"],
            betas=(adam["beta1"], adam["beta2"]),
            eps=adam["epsilon"],
            weight_decay=adam["weightDecay"],
        )

    def loss(self):
        """Mean negative log-probability of the scored tokens (genenv's bench step: gradient -1/tokens each)."""
        log_probabilities = self.model.forward(self.tokens, entropies=False)[0]
        return -log_probabilities[self.rows, self.positions, self.targets].mean()

    def step(self):
        self.optimizer.zero_grad(set_to_none=True)
        self.loss().backward()
        if self.clip_norm > 0:
            torch.nn.utils.clip_grad_norm_(self.model.parameters(), self.clip_norm)
        self.optimizer.step()


def main():
    torch.set_num_threads(int(os.environ.get("GENENV_TORCH_THREADS", "1")))
    trainer = None
    for line in sys.stdin:
        request = json.loads(line)
        if "config" in request:
            trainer = Trainer(request)
            with torch.no_grad():
                loss = trainer.loss().item()
            reply = {
                "torch": torch.__version__,
                "threads": torch.get_num_threads(),
                "waitPolicy": os.environ.get("OMP_WAIT_POLICY", "default"),
                "blas": loaded_blas(),
                "loss": loss,
            }
        else:
            milliseconds, cpu_milliseconds = [], []
            for _ in range(request["steps"]):
                start, cpu_start = time.perf_counter(), time.process_time()
                trainer.step()
                milliseconds.append((time.perf_counter() - start) * 1000)
                cpu_milliseconds.append((time.process_time() - cpu_start) * 1000)
            reply = {"milliseconds": milliseconds, "cpuMilliseconds": cpu_milliseconds}
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
