#!/usr/bin/env python3
"""Renders the chat templates that llama.cpp collects (models/templates/*.jinja in a llama.cpp git
checkout: Qwen3, Qwen3-Coder, gpt-oss, Gemma, Phi, Mistral, DeepSeek, Llama 3.x, functionary, ...)
with Python's jinja2, set up as Hugging Face's apply_chat_template sets it up, over conversations
that exercise what chat apps send (system prompts, multi-turn, tools, tool calls and results,
enable_thinking, reasoning_content). Writes NAME.jinja + NAME.cases.json in the format of
../shared/fixtures/templates (plus an "extra" object of template variables per case) into OUT,
a git-ignored folder: the templates are other projects' files and never enter this repository.

  make_cases.py --llama-cpp-git /work/.mirror/unslothai+llama.cpp/repo --out build/template-check
  TESSERA_TEMPLATE_CHECK_DIR=build/template-check ./build/tests/test_core_template --gtest_filter='*Check*'
"""
import argparse
import datetime
import json
import os
import subprocess
import sys

import jinja2
import jinja2.ext
from jinja2.sandbox import ImmutableSandboxedEnvironment

NOW = datetime.datetime(2026, 7, 4, 12, 0, 0)

WEATHER_TOOL = {
    "type": "function",
    "function": {
        "name": "get_weather",
        "description": "Get the current weather in a city",
        "parameters": {
            "type": "object",
            "properties": {
                "city": {"type": "string", "description": "City name, e.g. Zürich"},
                "unit": {"type": "string", "enum": ["celsius", "fahrenheit"]},
            },
            "required": ["city"],
        },
    },
}

TOOL_CALL = {
    "id": "call_0001",
    "type": "function",
    "function": {"name": "get_weather", "arguments": {"city": "Zürich", "unit": "celsius"}},
}


def conversations():
    """(name, messages, add_generation_prompt, extra variables)."""
    sys_msg = {"role": "system", "content": "You are a concise assistant."}
    yield "single_user", [{"role": "user", "content": "Hello"}], True, {}
    yield "system_multi_turn", [
        sys_msg,
        {"role": "user", "content": "What is 2+2?"},
        {"role": "assistant", "content": "4"},
        {"role": "user", "content": "And <3*3> & 'quotes'?"},
    ], True, {}
    yield "no_generation_prompt", [
        {"role": "user", "content": "Hi"},
        {"role": "assistant", "content": "Hello! How can I help?"},
    ], False, {}
    yield "tools_offered", [sys_msg, {"role": "user", "content": "Weather in Zürich?"}], True, {"tools": [WEATHER_TOOL]}
    yield "tool_call_round_trip", [
        {"role": "user", "content": "Weather in Zürich?"},
        {"role": "assistant", "content": "", "tool_calls": [TOOL_CALL]},
        {"role": "tool", "tool_call_id": "call_0001", "name": "get_weather", "content": "{\"temp\": 21}"},
    ], True, {"tools": [WEATHER_TOOL]}
    yield "thinking_off", [{"role": "user", "content": "Quick answer: capital of France?"}], True, {
        "enable_thinking": False}
    yield "thinking_on", [{"role": "user", "content": "Think: 17*23?"}], True, {"enable_thinking": True}
    yield "reasoning_history", [
        {"role": "user", "content": "17*23?"},
        {"role": "assistant", "content": "391", "reasoning_content": "17*20=340, 17*3=51, 391."},
        {"role": "user", "content": "Thanks"},
    ], True, {}


def make_env():
    env = ImmutableSandboxedEnvironment(trim_blocks=True, lstrip_blocks=True,
                                        extensions=[jinja2.ext.loopcontrols])

    def raise_exception(message):
        raise jinja2.exceptions.TemplateError(message)

    def tojson(x, ensure_ascii=False, indent=None, separators=None, sort_keys=False):
        return json.dumps(x, ensure_ascii=ensure_ascii, indent=indent, separators=separators, sort_keys=sort_keys)

    env.filters["tojson"] = tojson
    env.globals["raise_exception"] = raise_exception
    env.globals["strftime_now"] = lambda fmt: NOW.strftime(fmt)
    return env


def render_cases(source):
    env = make_env()
    compiled = env.from_string(source)
    cases = []
    for name, messages, agp, extra in conversations():
        case = {"name": name, "messages": messages, "add_generation_prompt": agp, "bos_token": "<s>",
                "eos_token": "</s>", "extra": extra}
        try:
            case["expected"] = compiled.render(messages=messages, add_generation_prompt=agp, bos_token="<s>",
                                               eos_token="</s>", **extra)
        except jinja2.exceptions.TemplateError as e:
            case["expected_error"] = str(e)
        except Exception as e:  # a template that breaks on a conversation shape: jinja2's message
            case["expected_error"] = str(e)
        cases.append(case)
    return cases


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--llama-cpp-git", required=True, help="a llama.cpp git dir (bare or not)")
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    git = ["git", "--git-dir", args.llama_cpp_git]
    names = subprocess.run(git + ["ls-tree", "--name-only", "HEAD", "models/templates/"], check=True,
                           capture_output=True, text=True).stdout.split()
    os.makedirs(args.out, exist_ok=True)
    n = 0
    for path in names:
        if not path.endswith(".jinja"):
            continue
        source = subprocess.run(git + ["show", "HEAD:" + path], check=True, capture_output=True).stdout.decode()
        base = os.path.basename(path)
        try:
            cases = render_cases(source)
        except jinja2.exceptions.TemplateSyntaxError as e:
            print(f"skip {base}: jinja2 cannot parse it ({e})", file=sys.stderr)
            continue
        with open(os.path.join(args.out, base), "w") as f:
            f.write(source)
        with open(os.path.join(args.out, base[:-6] + ".cases.json"), "w") as f:
            json.dump({"template": base, "renderer": f"jinja2 {jinja2.__version__}", "cases": cases}, f,
                      ensure_ascii=False, indent=1)
        n += 1
    print(f"wrote {n} templates' cases to {args.out}")


if __name__ == "__main__":
    main()
