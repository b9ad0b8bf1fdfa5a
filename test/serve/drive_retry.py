"""Drives the Python client into the session cap (URL in argv[1], a service with --max-sessions 1).

The first reset holds the only place; a second client gives it back after a second. The second reset is
refused with 503 and Retry-After meanwhile, and must be retried until it gets a task. Prints one JSON line.
"""

import json
import os
import sys
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "adapters", "python"))

from genenv_client import GenEnvClient, GenEnvServiceError  # noqa: E402

client = GenEnvClient(sys.argv[1])
held = client.reset()["observation"]["episode_id"]
releaser = threading.Timer(1.0, lambda: GenEnvClient(sys.argv[1]).close(held))
releaser.start()
started = time.monotonic()
second = client.reset()["observation"]
waited = time.monotonic() - started
releaser.join()
try:
    GenEnvClient(sys.argv[1], retries=1).reset()
    refusal = None
except GenEnvServiceError as error:
    refusal = [error.status, error.code]
print(json.dumps({"second_epoch": second["task"]["epoch"], "waited": waited, "refusal": refusal}))
