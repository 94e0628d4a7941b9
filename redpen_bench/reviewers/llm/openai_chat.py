"""`openai:MODEL`: the Chat Completions API through the official `openai` SDK (AsyncOpenAI).

`--base-url` or OPENAI_BASE_URL points it at any OpenAI-compatible server (vLLM, Ollama, llama.cpp's server,
LM Studio, gateways). The key is OPENAI_API_KEY; a local server given by URL needs none.
"""

from __future__ import annotations

from typing import Any

from redpen_bench.reviewers.llm.reviewer import Answer, LLMReviewer


class OpenAIChat(LLMReviewer):
    family = "openai"
    provider = "openai"
    sdk = sdk_module = "openai"
    key_env = "OPENAI_API_KEY"
    base_url_env = "OPENAI_BASE_URL"
    default_base_url = "https://api.openai.com/v1"

    def make_client(self) -> Any:
        from openai import AsyncOpenAI

        # max_retries=0: retries, backoff and their counting are the pool's
        return AsyncOpenAI(api_key=self.api_key, base_url=self.base_url, timeout=self.http_timeout(),
                           max_retries=0)

    async def ask(self, client: Any, prompt: str) -> Answer:
        messages = [{"role": "user", "content": prompt}]
        if self.system:
            messages.insert(0, {"role": "system", "content": self.system})
        fields: dict[str, Any] = {}
        if self.options.temperature is not None:
            fields["temperature"] = self.options.temperature
        if self.max_tokens is not None:
            fields["max_tokens"] = self.max_tokens
        response = await client.chat.completions.create(
            model=self.model, messages=messages, extra_body=self.options.params or None, **fields
        )
        if not response.choices:
            raise ValueError("the response holds no choices")
        usage = response.usage
        return Answer(
            text=response.choices[0].message.content or "",
            input_tokens=getattr(usage, "prompt_tokens", None),
            output_tokens=getattr(usage, "completion_tokens", None),
        )
