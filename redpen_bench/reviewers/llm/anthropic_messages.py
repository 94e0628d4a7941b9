"""`anthropic:MODEL`: the Messages API through the official `anthropic` SDK (AsyncAnthropic).

The key is ANTHROPIC_API_KEY; `--base-url` or ANTHROPIC_BASE_URL points it at a proxy or compatible server.
The Messages API requires max_tokens: 2048 unless --max-tokens says otherwise. --structured forces one tool whose
input is the verdict's JSON object; that object is the answer's text.
"""

from __future__ import annotations

import json
from typing import Any

from redpen_bench.reviewers.llm.reviewer import Answer, LLMReviewer
from redpen_bench.reviewers.llm.structured import TOOL_NAME, anthropic_fields


class AnthropicMessages(LLMReviewer):
    family = "anthropic"
    provider = "anthropic"
    sdk = sdk_module = "anthropic"
    key_env = "ANTHROPIC_API_KEY"
    base_url_env = "ANTHROPIC_BASE_URL"
    default_base_url = "https://api.anthropic.com"
    default_max_tokens = 2048
    structured_modes = {"json-schema": "tool"}

    def make_client(self) -> Any:
        from anthropic import AsyncAnthropic

        # an explicit api_key: the SDK then reads no profile or other credential source
        return AsyncAnthropic(api_key=self.api_key, base_url=self.base_url, timeout=self.http_timeout(),
                              max_retries=0)

    async def ask(self, client: Any, prompt: str) -> Answer:
        fields: dict[str, Any] = {}
        if self.system:
            fields["system"] = self.system
        if self.structured:
            fields.update(anthropic_fields())
        body = dict(self.options.params)
        if self.options.temperature is not None:
            body.setdefault("temperature", self.options.temperature)  # not a named argument in every SDK version
        response = await client.messages.create(
            model=self.model, max_tokens=self.max_tokens, messages=[{"role": "user", "content": prompt}],
            extra_body=body or None, **fields,
        )
        blocks = response.content or []
        text = "".join(block.text for block in blocks if getattr(block, "type", "") == "text")
        tool = next((b for b in blocks if getattr(b, "type", "") == "tool_use" and b.name == TOOL_NAME), None)
        if tool is not None:
            text = json.dumps(tool.input)
        usage = response.usage
        return Answer(text=text, input_tokens=getattr(usage, "input_tokens", None),
                      output_tokens=getattr(usage, "output_tokens", None))
