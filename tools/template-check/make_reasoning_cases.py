#!/usr/bin/env python3
"""Writes the reasoning-model chat templates the tests use (tests/data/templates) and what Python's
jinja2 renders from them, set up as Hugging Face's apply_chat_template sets it up (make_cases.py's
environment), over conversations that exercise thinking: enable_thinking on and off, earlier turns'
reasoning_content / thinking (which the templates drop), reasoning_effort, tool calls after thinking.

The templates are the chat_template of the published model repositories (Hugging Face:
Qwen/Qwen3-0.6B tokenizer_config.json, openai/gpt-oss-120b chat_template.jinja), as llama.cpp
keeps verbatim copies of them (models/templates/, fetched by its scripts/get_chat_template.py):

  make_reasoning_cases.py --llama-cpp-git /work/.mirror/unslothai+llama.cpp/repo --out tests/data/templates
"""
import argparse
import json
import os
import subprocess
import sys

import jinja2

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_cases import WEATHER_TOOL, make_env  # noqa: E402

TEMPLATES = {
    "Qwen-Qwen3-0.6B.jinja": "Qwen/Qwen3-0.6B",
    "openai-gpt-oss-120b.jinja": "openai/gpt-oss-120b",
}


def conversations():
    """(name, messages, add_generation_prompt, extra variables)."""
    q1 = {"role": "user", "content": "What is 17*23?"}
    a1 = {"role": "assistant", "content": "17*23 = 391.", "reasoning_content": "17*20=340, 17*3=51, 340+51=391.",
          "thinking": "17*20=340, 17*3=51, 340+51=391."}
    q2 = {"role": "user", "content": "And 391/17?"}
    yield "first_turn", [q1], True, {}
    yield "thinking_off", [q1], True, {"enable_thinking": False}
    yield "thinking_on", [q1], True, {"enable_thinking": True}
    yield "second_turn_drops_reasoning", [q1, a1, q2], True, {}
    yield "effort_low", [{"role": "system", "content": "Be brief."}, q1], True, {"reasoning_effort": "low"}
    yield "effort_high_second_turn", [q1, a1, q2], True, {"reasoning_effort": "high"}
    call = {"id": "call_1", "type": "function", "function": {"name": "get_weather", "arguments": {"city": "Zürich"}}}
    yield "tool_call_after_thinking", [
        {"role": "user", "content": "Weather in Zürich?"},
        {"role": "assistant", "content": "", "reasoning_content": "Need the weather tool.", "thinking": "Need the weather tool.",
         "tool_calls": [call]},
        {"role": "tool", "tool_call_id": "call_1", "name": "get_weather", "content": "{\"temp\": 21}"},
    ], True, {"tools": [WEATHER_TOOL]}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--llama-cpp-git", required=True)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    env = make_env()
    for name, repo in TEMPLATES.items():
        source = subprocess.run(["git", "--git-dir", args.llama_cpp_git, "show", "HEAD:models/templates/" + name],
                                check=True, capture_output=True).stdout.decode()
        compiled = env.from_string(source)
        cases = []
        for case_name, messages, agp, extra in conversations():
            case = {"name": case_name, "messages": messages, "add_generation_prompt": agp, "bos_token": "",
                    "eos_token": "", "extra": extra}
            try:
                case["expected"] = compiled.render(messages=messages, add_generation_prompt=agp, bos_token="",
                                                   eos_token="", **extra)
            except Exception as e:  # the template's own refusal
                case["expected_error"] = str(e)
            cases.append(case)
        with open(os.path.join(args.out, name), "w") as f:
            f.write(source)
        with open(os.path.join(args.out, name[:-6] + ".cases.json"), "w") as f:
            json.dump({"template": name, "source": repo + " (chat_template), via llama.cpp models/templates/" + name,
                       "renderer": f"jinja2 {jinja2.__version__}", "cases": cases}, f, ensure_ascii=False, indent=1)
    print("wrote", ", ".join(TEMPLATES), "to", args.out)


if __name__ == "__main__":
    main()
