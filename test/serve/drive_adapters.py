"""Drives the Python adapters against a live `genenv serve` (URL in argv[1]); prints one JSON line of results."""

import json
import os
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "adapters", "python"))

from genenv_client import GenEnvClient, GenEnvServiceError, export_dataset  # noqa: E402
from genenv_trl import GenEnvEnvironment, reward_from_environments  # noqa: E402
import genenv_verl  # noqa: E402
from arithmetic_answer import solve  # noqa: E402

url = sys.argv[1]
os.environ["GENENV_URL"] = url
client = GenEnvClient(url)
results = {}

# verl: data generator rows, curriculum sampler, compute_score (idempotent by episode).
generator = genenv_verl.GenEnvDataGenerator({"genenv_rows": 4})
rows = generator.generate(None)
results["verl_rows"] = len(rows)
prompt_text = rows[0]["prompt"][-1]["content"]
truth = rows[0]["reward_model"]["ground_truth"]
results["verl_correct"] = genenv_verl.compute_score("genenv", solve(prompt_text), truth, rows[0]["extra_info"])
results["verl_retry"] = genenv_verl.compute_score("genenv", solve(prompt_text), truth, rows[0]["extra_info"])
results["verl_wrong"] = genenv_verl.compute_score(
    "genenv", "no idea", rows[1]["reward_model"]["ground_truth"], rows[1]["extra_info"]
)
sampler = genenv_verl.GenEnvCurriculumSampler(rows)
sampler.update([row["extra_info"] for row in rows[2:]])
results["sampler_order"] = list(sampler)

# TRL: one environment per rollout, `answer` as the tool, the reward function reads the environments.
environments = [GenEnvEnvironment() for _ in range(3)]
prompts = [environment.reset(group_key="trl-group") for environment in environments]
results["trl_same_task"] = len(set(prompts)) == 1
results["trl_feedback"] = [environments[0].answer(solve(prompts[0])), environments[1].answer("0 maybe")]
results["trl_rewards"] = reward_from_environments(environments)

# OpenRLHF: export a dataset of groups, then score two responses of one group through /get_reward.
with tempfile.TemporaryDirectory() as folder:
    path = os.path.join(folder, "prompts.jsonl")
    export_dataset(client, 2, path)
    dataset = [json.loads(line) for line in open(path, encoding="utf-8")]
row = dataset[0]
request = dict(
    query=[row["prompt"] + " " + solve(row["prompt"]), row["prompt"] + " 1"],
    prompts=[row["prompt"], row["prompt"]],
    labels=[row["label"], row["label"]],
)
first = client.get_reward(**request)
results["openrlhf_rewards"] = first["rewards"]
results["openrlhf_retry_same"] = client.get_reward(**request) == first

# Refusals reach Python as one line.
try:
    client.step("no-such-episode", text="1")
except GenEnvServiceError as error:
    results["refusal"] = [error.status, error.reason]

print(json.dumps(results))
