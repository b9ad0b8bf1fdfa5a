"""Client of `genenv serve` (standard library only).

The service speaks OpenEnv's HTTP protocol (POST /reset, POST /step, GET /state, /schema, /metadata,
/health) and OpenRLHF's reward protocol (POST /get_reward). Every refusal comes back as a 4xx (or 503)
with a one-line reason, raised here as GenEnvServiceError. A 503 is a limit that frees up (the session cap,
or no task yet while the next epoch is prepared): it is retried after its Retry-After, as are refused
connections (a restarting server).
"""

from __future__ import annotations

import json
import os
import time
import urllib.error
import urllib.request
from typing import Any, Optional


class GenEnvServiceError(RuntimeError):
    """The service refused a request: `status` is the HTTP status, `code` its code, `reason` its one line."""

    def __init__(self, status: int, reason: str, code: Optional[str] = None):
        super().__init__(f"genenv serve answered {status}: {reason}")
        self.status = status
        self.reason = reason
        self.code = code


# Longest wait between two tries, in seconds, whatever Retry-After says.
MAX_RETRY_WAIT = 30.0


class GenEnvClient:
    """HTTP client of one `genenv serve` instance.

    base_url: e.g. http://127.0.0.1:8000 (default: $GENENV_URL).
    token: bearer token when the service is exposed beyond loopback (default: $GENENV_TOKEN).
    timeout: seconds per request (a reset may wait up to the service's --reset-wait, 45 s by default).
    retries: tries on refused connections and 503 answers; a 503 is retried after its Retry-After.
    """

    def __init__(
        self,
        base_url: Optional[str] = None,
        token: Optional[str] = None,
        timeout: float = 180.0,
        retries: int = 20,
    ):
        self.base_url = (base_url or os.environ.get("GENENV_URL") or "http://127.0.0.1:8000").rstrip("/")
        self.token = token if token is not None else os.environ.get("GENENV_TOKEN")
        self.timeout = timeout
        self.retries = retries

    def _call(self, method: str, path: str, body: Optional[dict] = None) -> dict:
        data = None if body is None else json.dumps(body).encode("utf-8")
        headers = {"content-type": "application/json"} if data is not None else {}
        if self.token:
            headers["authorization"] = f"Bearer {self.token}"
        last_error: Optional[Exception] = None
        for attempt in range(self.retries):
            request = urllib.request.Request(self.base_url + path, data=data, headers=headers, method=method)
            try:
                with urllib.request.urlopen(request, timeout=self.timeout) as response:
                    return json.loads(response.read().decode("utf-8"))
            except urllib.error.HTTPError as error:
                reason, code = _reason(error)
                if error.code == 503 and attempt + 1 < self.retries:
                    last_error = GenEnvServiceError(error.code, reason, code)
                    time.sleep(_retry_after(error, attempt))
                    continue
                raise GenEnvServiceError(error.code, reason, code) from None
            except (urllib.error.URLError, ConnectionError, TimeoutError) as error:
                last_error = error
                time.sleep(min(2.0, 0.1 * 2**attempt))
        raise ConnectionError(f"genenv serve at {self.base_url} did not answer: {last_error}")

    def reset(self, group_key: Optional[str] = None, episode_id: Optional[str] = None) -> dict:
        """Starts an episode; returns {observation, reward, done}. Resets with one group_key share a task."""
        body: dict[str, Any] = {}
        if group_key is not None:
            body["group_key"] = group_key
        if episode_id is not None:
            body["episode_id"] = episode_id
        return self._call("POST", "/reset", body)

    def step(
        self,
        episode_id: str,
        text: Optional[str] = None,
        tool_calls: Optional[list] = None,
        request_id: Optional[str] = None,
    ) -> dict:
        """Scores the agent's answer; returns {observation, reward, done}. A retried request_id is not counted twice."""
        action: dict[str, Any] = {}
        if text is not None:
            action["text"] = text
        if tool_calls is not None:
            action["tool_calls"] = tool_calls
        body: dict[str, Any] = {"episode_id": episode_id, "action": action}
        if request_id is not None:
            body["request_id"] = request_id
        return self._call("POST", "/step", body)

    def close(self, episode_id: str) -> dict:
        """Gives an unscored episode's attempt back to the service."""
        return self._call("POST", "/close", {"episode_id": episode_id})

    def state(self, episode_id: Optional[str] = None) -> dict:
        return self._call("GET", "/state" + (f"?episode_id={episode_id}" if episode_id else ""))

    def get_reward(self, query: list, labels: list, prompts: Optional[list] = None) -> dict:
        """OpenRLHF's remote reward call: one reward per (prompt + response, episode id)."""
        body: dict[str, Any] = {"query": query, "labels": labels}
        if prompts is not None:
            body["prompts"] = prompts
        return self._call("POST", "/get_reward", body)


def _reason(error: urllib.error.HTTPError) -> tuple:
    """The refusal's one-line reason and code (None when the body has none)."""
    try:
        body = json.loads(error.read().decode("utf-8"))
        return str(body.get("error", body)), body.get("code")
    except Exception:  # a body that is not JSON: the status line is the reason
        return (error.reason if isinstance(error.reason, str) else str(error.reason)), None


def _retry_after(error: urllib.error.HTTPError, attempt: int) -> float:
    """Seconds to wait before retrying a 503: its Retry-After when given, else a growing backoff."""
    try:
        return min(MAX_RETRY_WAIT, max(0.0, float(error.headers.get("retry-after", ""))))
    except ValueError:
        return min(2.0, 0.1 * 2**attempt)


def export_dataset(client: GenEnvClient, count: int, path: str, prefix: str = "openrlhf") -> int:
    """Writes `count` fresh tasks as JSONL rows {prompt, label} for OpenRLHF.

    Each row is a GRPO group: its label `group:<key>` makes /get_reward score each of the row's
    n_samples_per_prompt responses on one attempt of the same task instance.
    """
    with open(path, "w", encoding="utf-8") as handle:
        for index in range(count):
            key = f"{prefix}-{index}"
            observation = client.reset(group_key=key)["observation"]
            client.close(observation["episode_id"])  # the attempt goes back to the group
            handle.write(json.dumps({"prompt": observation["prompt"], "label": f"group:{key}"}) + "\n")
    return count


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description="Export fresh genenv episodes as an OpenRLHF prompt dataset.")
    parser.add_argument("--url", default=None)
    parser.add_argument("--count", type=int, required=True)
    parser.add_argument("--out", required=True)
    arguments = parser.parse_args()
    print(export_dataset(GenEnvClient(arguments.url), arguments.count, arguments.out), "episodes written")
