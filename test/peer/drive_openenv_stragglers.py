"""OpenEnv's own GenericEnvClient against `genenv serve` (URL in argv[1], seconds in argv[2]).

One client resets and vanishes (its WebSocket stays open, it never steps); then 32 clients reset and step
for the given seconds. Prints one JSON line: errors, steps, the service's state afterwards, and what the
vanished client gets when it steps late. Needs OpenEnv's client on PYTHONPATH (see openenv-client.peer.test.ts).
"""

import asyncio
import json
import sys
import time
import urllib.request

from arithmetic_answer import solve
from openenv.core.generic_client import GenericEnvClient


async def main(url: str, seconds: float) -> dict:
    vanished = GenericEnvClient(base_url=url)
    await vanished.connect()
    lost = (await vanished.reset()).observation
    errors: list = []
    steps = 0
    end = time.monotonic() + seconds

    async def worker() -> None:
        nonlocal steps
        client = GenericEnvClient(base_url=url)
        async with client:
            while time.monotonic() < end:
                try:
                    observation = (await client.reset()).observation
                    await client.step({"text": solve(observation["prompt"])})
                    steps += 1
                except Exception as error:  # OpenEnv raises on every error reply: each one would end a run
                    errors.append(str(error))

    await asyncio.gather(*(worker() for _ in range(32)))
    with urllib.request.urlopen(url + "/state") as response:
        state = json.loads(response.read().decode("utf-8"))
    late = await vanished.step({"text": solve(lost["prompt"])})
    await vanished.close()
    return {
        "errors": errors[:5],
        "error_count": len(errors),
        "steps": steps,
        "closed_epochs": state["closed_epochs"],
        "outstanding": [round_["outstanding"] for round_ in state["open_rounds"]],
        "late": {"reward": late.reward, "done": late.done, "duplicate": late.observation.get("duplicate", False)},
    }


print(json.dumps(asyncio.run(main(sys.argv[1], float(sys.argv[2])))))
