"""Fixtures the end-to-end tests share."""

from __future__ import annotations

import pytest

from tests.llm_http_server import LLMServer


@pytest.fixture
def server():
    """A fake OpenAI/Anthropic-compatible server on 127.0.0.1 for one test (tests/llm_http_server.py)."""
    with LLMServer() as running:
        yield running
