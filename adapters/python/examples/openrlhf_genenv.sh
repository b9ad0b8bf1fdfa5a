#!/usr/bin/env bash
# OpenRLHF against `genenv serve`: export fresh episodes as the prompt dataset (label = episode id), and
# score responses through the service's /get_reward. Run the service first:
#   npx genenv serve --preset student --port 8000 --samples 4
set -euo pipefail
URL=${GENENV_URL:-http://127.0.0.1:8000}
HERE=$(cd "$(dirname "$0")/.." && pwd)
python3 "$HERE/genenv_client.py" --url "$URL" --count 1024 --out genenv_prompts.jsonl
python3 -m openrlhf.cli.train_ppo_ray \
  --pretrain Qwen/Qwen2.5-0.5B-Instruct \
  --prompt_data genenv_prompts.jsonl --input_key prompt --label_key label \
  --remote_rm_url "$URL/get_reward" \
  --advantage_estimator group_norm --n_samples_per_prompt 4 \
  --micro_train_batch_size 4 --train_batch_size 64 --rollout_batch_size 16
