"""TRL environment for `genenv serve` (standard library only).

Pass the class to GRPOTrainer as `environment_factory=GenEnvEnvironment`: TRL creates one instance per
rollout, calls `reset(**row)` for the first observation and offers the public methods (`answer`) as tools.
On a multi-turn domain (household) each `answer` is one command: it returns the environment's answer
until the episode ends (done, or its step limit), and the verifier scores the whole episode then.
With the environment owning the dataset, each `reset` hands out a freshly generated task; rows that carry a
`group_key` give the G members of a GRPO group the same task. `reward_from_environments` is the reward
function: the domain's verifier score of each rollout's answer.
"""

from __future__ import annotations

from typing import Optional

from genenv_client import GenEnvClient


class GenEnvEnvironment:
    def __init__(self, client: Optional[GenEnvClient] = None):
        self.client = client or GenEnvClient()
        self.episode_id: Optional[str] = None
        self.observation: Optional[dict] = None
        self.reward: float = 0.0
        self.done = False
        self.turn = 0

    def reset(self, group_key: Optional[str] = None, **row) -> str:
        """Starts an episode; returns the task as the model should read it."""
        result = self.client.reset(group_key=group_key)
        self.observation = result["observation"]
        self.episode_id = self.observation["episode_id"]
        self.reward = 0.0
        self.done = False
        self.turn = 0
        return self.observation["prompt"]

    def answer(self, text: str) -> str:
        """Submit your answer to the task (in an interactive task: your next command).

        Args:
            text: the final answer, or the next command.
        """
        if self.episode_id is None:
            raise RuntimeError("answer before reset")
        if self.done:
            return "the episode is over"
        # One request id per turn: a retried HTTP call of the same turn is answered, not replayed.
        request_id = f"trl-{self.episode_id}-{self.turn}"
        result = self.client.step(self.episode_id, text=text, request_id=request_id)
        self.turn += 1
        self.done = bool(result["done"])
        observation = result["observation"]
        if not self.done:
            return observation.get("observation", "")
        self.reward = float(result["reward"] or 0.0)
        verdict = "correct" if observation.get("feedback", {}).get("success") else "incorrect"
        last = observation.get("observation")
        return f"{last}\n{verdict}" if last else verdict


def reward_from_environments(environments: list, **kwargs) -> list:
    """GRPO reward function: each rollout's verifier score (0 when it never answered)."""
    return [environment.reward for environment in environments]
