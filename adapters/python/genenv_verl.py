"""verl adapters for `genenv serve` (standard library only; verl's base classes are used when installed).

- GenEnvDataGenerator: `data.datagen` — each `generate` call takes fresh simulator-proposed tasks from the
  service (DynamicGenDataset appends them during training).
- GenEnvCurriculumSampler: `data.sampler` — serves the newest rows first; `update(batch)` marks the rows a
  batch used. The difficulty curriculum itself lives in the service (p̂ → R_env → simulator update).
- compute_score: `custom_reward_function` — scores a response with the domain's verifier through the service;
  the row's ground truth is its episode id, and retries are idempotent.
"""

from __future__ import annotations

from typing import Any, Iterator, Optional

from genenv_client import GenEnvClient

try:  # verl's abstract classes, when verl is installed
    from verl.experimental.dataset.sampler import AbstractCurriculumSampler as _SamplerBase
except Exception:  # pragma: no cover - verl absent
    _SamplerBase = object
try:
    from verl.experimental.dynamic_dataset.dynamicgen_dataset import AbstractDataGenerator as _GeneratorBase
except Exception:  # pragma: no cover - verl absent
    _GeneratorBase = object

DATA_SOURCE = "genenv"


def task_row(observation: dict, index: int) -> dict:
    """One verl dataset row for a served episode (prompt as chat messages; ground truth = episode id)."""
    task = observation["task"]
    return {
        "data_source": DATA_SOURCE,
        "prompt": [{"role": m["role"], "content": m["content"]} for m in observation["messages"]],
        "ability": task["family"],
        "reward_model": {"style": "rule", "ground_truth": observation["episode_id"]},
        "extra_info": {
            "index": index,
            "episode_id": observation["episode_id"],
            "epoch": task["epoch"],
            "task_id": task["id"],
            "tools": observation.get("tools", []),
        },
    }


class GenEnvDataGenerator(_GeneratorBase):
    """Fresh tasks per call. `rows` per call (default 64); `group_size` G resets share one group key,
    so a GRPO group (verl's rollout.n = G) sees one task when the trainer repeats rows."""

    def __init__(self, data_config: Any = None, rows: int = 64, client: Optional[GenEnvClient] = None):
        config = data_config or {}
        getter = config.get if hasattr(config, "get") else (lambda key, default=None: default)
        self.rows = int(getter("genenv_rows", rows))
        self.client = client or GenEnvClient(getter("genenv_url", None))
        self.produced = 0

    def generate(self, dataset: Any = None) -> Any:
        rows = []
        for _ in range(self.rows):
            rows.append(task_row(self.client.reset()["observation"], self.produced))
            self.produced += 1
        try:  # verl's DynamicGenDataset appends a datasets.Dataset when the library is present
            import datasets  # type: ignore

            return datasets.Dataset.from_list(rows)
        except Exception:
            return rows


class GenEnvCurriculumSampler(_SamplerBase):
    """Yields unused row indices newest first (fresh tasks before stale ones)."""

    def __init__(self, data_source: Any, data_config: Any = None):
        self.data_source = data_source
        self.used: set = set()

    def __iter__(self) -> Iterator[int]:
        for index in range(len(self.data_source) - 1, -1, -1):
            if index not in self.used:
                yield index

    def __len__(self) -> int:
        return len(self.data_source)

    def update(self, batch: Any) -> None:
        """Marks the rows of a training batch as used (their `extra_info.index`)."""
        infos = batch.non_tensor_batch.get("extra_info", []) if hasattr(batch, "non_tensor_batch") else batch
        for info in infos:
            if isinstance(info, dict) and "index" in info:
                self.used.add(int(info["index"]))


_client: Optional[GenEnvClient] = None


def compute_score(data_source: str, solution_str: str, ground_truth: str, extra_info: Optional[dict] = None) -> float:
    """verl's custom reward: the service scores `solution_str` for the episode `ground_truth` (idempotent)."""
    global _client
    if data_source != DATA_SOURCE:
        raise ValueError(f"genenv compute_score got a row of data source {data_source!r}")
    if _client is None:
        _client = GenEnvClient()
    result = _client.step(ground_truth, text=solution_str, request_id=f"verl-{ground_truth}")
    return float(result["reward"])
