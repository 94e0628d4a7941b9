"""Which --structured modes a family offers is declared by its adapter class, so an adapter of a new provider
(a subclass of OpenAIChat registered as its own family, built in or a plugin's) offers what its API offers, and
an adapter that declares none refuses --structured with a one-line error instead of a KeyError."""

from __future__ import annotations

import pytest

from redpen_bench.reviewers.base import ReviewOptions, SpecError
from redpen_bench.reviewers.llm.anthropic_messages import AnthropicMessages
from redpen_bench.reviewers.llm.openai_chat import OpenAIChat
from redpen_bench.reviewers.llm.reviewer import LLMReviewer

LOCAL = "http://127.0.0.1:9/v1"  # a local server needs no key; nothing is sent while an adapter is made


class HostedCompatible(OpenAIChat):
    family = "hosted-compatible"
    provider = "hosted-compatible"
    key_env = "HOSTED_COMPATIBLE_API_KEY"
    base_url_env = "HOSTED_COMPATIBLE_BASE_URL"


class NoStructuredOutput(LLMReviewer):
    family = "plain-llm"
    key_env = "PLAIN_LLM_API_KEY"


def made(klass: type[LLMReviewer], structured: str | None) -> LLMReviewer:
    return klass("some-model", ReviewOptions(base_url=LOCAL, structured=structured))


@pytest.mark.parametrize("klass, asked, sent", [
    (OpenAIChat, "json-schema", "json-schema"), (OpenAIChat, "grammar", "grammar"),
    (AnthropicMessages, "json-schema", "tool"),
    (HostedCompatible, "json-schema", "json-schema"), (HostedCompatible, "grammar", "grammar"),
])
def test_a_family_offers_the_modes_its_adapter_declares(klass, asked, sent):
    assert made(klass, asked).structured == sent
    assert made(klass, None).structured is None


@pytest.mark.parametrize("klass, asked", [(AnthropicMessages, "grammar"), (NoStructuredOutput, "json-schema")])
def test_a_mode_the_adapter_does_not_declare_is_refused(klass, asked):
    with pytest.raises(SpecError, match=f"--structured {asked} is not offered by {klass.family}:"):
        made(klass, asked)
