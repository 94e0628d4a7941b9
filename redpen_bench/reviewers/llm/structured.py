"""Structured output (`--structured`): the server constrains the answer to the verdict's three fields.

Three ways, one per kind of server, all read by the same parser (model/verdict.py):
- `json-schema`: OpenAI's `response_format` with a JSON schema (OpenAI, vLLM, Ollama, llama.cpp's llama-server);
  the answer is a JSON object {"defect": bool, "lines": [int], "explanation": str};
- `grammar`: llama.cpp's `grammar` request field (llama-server and llama-cpp-python's server; the latter rejects a
  `json_schema` response_format), a GBNF grammar of the asked-for text, so the answer is the plain
  `DEFECT:` / `LINES:` / `EXPLANATION:` block and an answer cut by the length limit still has its verdict;
- `tool`: Anthropic's tool use, one forced tool whose input is the JSON object.
The mode is named, not guessed from the server: no server reliably says which it is.
"""

from __future__ import annotations

from typing import Any

VERDICT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "defect": {"type": "boolean", "description": "true if the file contains a defect"},
        "lines": {"type": "array", "items": {"type": "integer"},
                  "description": "the line numbers of the defective code; empty if there is no defect"},
        "explanation": {"type": "string", "description": "what is wrong and why, or why the code is correct"},
    },
    "required": ["defect", "lines", "explanation"],
    "additionalProperties": False,
}

# the prompt's answer format, exactly; the explanation is one line, so a cut answer keeps DEFECT and LINES
VERDICT_GRAMMAR = r'''root ::= "DEFECT: " ("yes" | "no") "\nLINES: " lines "\nEXPLANATION: " [^\n]+
lines ::= "none" | number ("," " "? number)*
number ::= [1-9] [0-9]? [0-9]? [0-9]?
'''

TOOL_NAME = "verdict"


def openai_fields(mode: str) -> dict[str, Any]:
    """The Chat Completions request fields of a mode (`grammar` travels in extra_body: not an OpenAI field)."""
    if mode == "json-schema":
        return {"response_format": {"type": "json_schema",
                                    "json_schema": {"name": TOOL_NAME, "strict": True, "schema": VERDICT_SCHEMA}}}
    if mode == "grammar":
        return {"extra_body": {"grammar": VERDICT_GRAMMAR}}
    raise ValueError(mode)


def anthropic_fields() -> dict[str, Any]:
    return {"tools": [{"name": TOOL_NAME, "description": "Record the review's verdict on the file.",
                       "input_schema": VERDICT_SCHEMA}],
            "tool_choice": {"type": "tool", "name": TOOL_NAME}}
