"""Plays one multi-turn episode through the TRL environment adapter against a live `genenv serve`.

Usage: python3 drive_trl_multi_turn.py URL. The agent only ever looks around, so the episode ends at its
step limit; prints a JSON line with the turns taken, the replies and the reward.
"""

import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "adapters", "python"))
os.environ["GENENV_URL"] = sys.argv[1]

from genenv_trl import GenEnvEnvironment, reward_from_environments  # noqa: E402

environment = GenEnvEnvironment()
prompt = environment.reset()
replies = []
while not environment.done and len(replies) < 200:
    replies.append(environment.answer("look"))
print(
    json.dumps(
        {
            "prompt_is_text": isinstance(prompt, str) and len(prompt) > 0,
            "turns": environment.turn,
            "done": environment.done,
            "replies_are_text": all(isinstance(reply, str) and reply for reply in replies),
            "last_reply": replies[-1] if replies else None,
            "after_done": environment.answer("look"),
            "rewards": reward_from_environments([environment]),
        }
    )
)
