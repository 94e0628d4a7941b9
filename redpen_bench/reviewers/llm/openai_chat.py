"""`openai:MODEL`: the Chat Completions API through the official `openai` SDK (AsyncOpenAI).

`--base-url` or OPENAI_BASE_URL points it at any OpenAI-compatible server (vLLM, Ollama, llama.cpp's server,
LM Studio, gateways). The key is OPENAI_API_KEY; a local server given by URL needs none.

Answers are streamed, and --timeout bounds the whole answer: a request that runs out of time closes its
connection, and a server that streams stops computing it (llama-cpp-python's server checks for a closed
connection after every token; without streaming it computes a forsaken answer to its end, measured: see
docs/llm.md). Token counts come from the stream's last chunk (`stream_options.include_usage`) where the server
sends one. A stream that ends with no finish_reason was cut short by the server, and is retried, never stored.
A server that ignores `stream` and sends one `chat.completion` body is read too (reviewers/llm/completion.py).
"""

from __future__ import annotations

import asyncio
from typing import Any

from redpen_bench.reviewers.llm import completion
from redpen_bench.reviewers.llm.failures import UnfinishedAnswer, UnreadableAnswer
from redpen_bench.reviewers.llm.reviewer import Answer, LLMReviewer
from redpen_bench.reviewers.llm.structured import openai_fields


class OpenAIChat(LLMReviewer):
    family = "openai"
    provider = "openai"
    sdk = sdk_module = "openai"
    key_env = "OPENAI_API_KEY"
    base_url_env = "OPENAI_BASE_URL"
    default_base_url = "https://api.openai.com/v1"
    structured_modes = {"json-schema": "json-schema", "grammar": "grammar"}

    def _encoding(self) -> Any:
        """tiktoken's encoding for an OpenAI model name, if tiktoken is installed and has its tables (it fetches
        them once from the network); None otherwise, and --dry-run estimates."""
        if not hasattr(self, "_tiktoken"):
            try:
                import tiktoken

                self._tiktoken = tiktoken.encoding_for_model(self.model)
            except Exception:  # not installed, a model it does not know, or its tables cannot be fetched
                self._tiktoken = None
        return self._tiktoken

    def count_tokens(self, text: str) -> int | None:
        encoding = self._encoding()
        # a chat message costs a few tokens of framing besides its text
        return None if encoding is None else len(encoding.encode(text, disallowed_special=())) + 7

    def input_estimate_note(self) -> str:
        return f"counted with tiktoken's {self._encoding().name}" if self._encoding() else super().input_estimate_note()

    def make_client(self) -> Any:
        from openai import AsyncOpenAI

        # max_retries=0: retries, backoff and their counting are the pool's
        return AsyncOpenAI(api_key=self.api_key, base_url=self.base_url, timeout=self.http_timeout(),
                           max_retries=0)

    async def ask(self, client: Any, prompt: str) -> Answer:
        messages = [{"role": "user", "content": prompt}]
        if self.system:
            messages.insert(0, {"role": "system", "content": self.system})
        fields: dict[str, Any] = {"max_tokens": self.max_tokens}
        if self.options.temperature is not None:
            fields["temperature"] = self.options.temperature
        extra = dict(self.options.params)
        if self.structured:
            constrained = openai_fields(self.structured)
            extra.update(constrained.pop("extra_body", {}))
            fields.update(constrained)
        parts: list[str] = []
        usage, choices, finish = None, 0, None
        async with asyncio.timeout(self.options.request_timeout):  # the whole answer, not each chunk
            stream = await client.chat.completions.create(
                model=self.model, messages=messages, stream=True, stream_options={"include_usage": True},
                extra_body=extra or None, **fields,
            )
            async with stream:  # leaving it early (a timeout) closes the connection
                kind = completion.media_type(stream.response.headers)
                body = None
                if kind != completion.STREAM_TYPE:  # a body, not a stream: read whole (aiter_bytes re-reads it)
                    body = await _read(stream.response)
                    if completion.looks_like_json(kind, body):
                        return Answer(*completion.read_completion(kind, body))
                async for chunk in stream:
                    usage = chunk.usage or usage
                    for choice in chunk.choices or []:
                        choices += 1
                        if choice.delta is not None and choice.delta.content:
                            parts.append(choice.delta.content)
                        finish = choice.finish_reason or finish
        if not choices:
            raise UnreadableAnswer(completion.received(kind, body) if body is not None else
                                   f"the server sent {kind} with no chunk holding a choice")
        if finish is None:
            raise UnfinishedAnswer("no finish_reason")
        return Answer(
            text="".join(parts),
            input_tokens=getattr(usage, "prompt_tokens", None),
            output_tokens=getattr(usage, "completion_tokens", None),
        )


async def _read(response: Any) -> bytes:
    """A whole response body; a connection lost while reading it fails as the SDK's stream reader would."""
    try:
        return await response.aread()
    except Exception as exc:  # the HTTP library's transport errors (httpx or httpx2, as the SDK version uses)
        from openai import APIConnectionError

        raise APIConnectionError(request=response.request) from exc
