"""GRPO with TRL against `genenv serve` (needs trl, transformers and a model; run the service first:
`npx genenv serve --preset student --port 8000 --samples 8`)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from genenv_trl import GenEnvEnvironment, reward_from_environments  # noqa: E402


def main() -> None:
    from datasets import Dataset  # type: ignore
    from trl import GRPOConfig, GRPOTrainer  # type: ignore

    # The environment owns the tasks; each row only names its GRPO group so the 8 members share one task.
    rows = [{"prompt": [{"role": "user", "content": "Solve the task."}], "group_key": f"g{i}"} for i in range(512)]
    trainer = GRPOTrainer(
        model="Qwen/Qwen2.5-0.5B-Instruct",
        args=GRPOConfig(num_generations=8, per_device_train_batch_size=8, max_completion_length=64),
        train_dataset=Dataset.from_list(rows),
        reward_funcs=reward_from_environments,
        environment_factory=GenEnvEnvironment,
    )
    trainer.train()


if __name__ == "__main__":
    main()
