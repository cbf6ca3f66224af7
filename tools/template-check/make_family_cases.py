#!/usr/bin/env python3
"""Renders the chat templates of the 2026 families in tests/data/templates: Llama 4's (not in
llama.cpp's collection, models/templates/) and the copies from that collection of Gemma 4, GLM-4.6,
DeepSeek-V3.1 and Qwen3.5 (so the conformance runs in CI, not only where
tools/template-check's collection is present). Not Kimi-K2's: its tool-result turns call
list.append, which the sandbox Hugging Face renders in refuses and Tessera (as llama.cpp) allows. Python's jinja2,
set up as Hugging Face's apply_chat_template sets it up (make_cases.py's environment), over
make_cases.py's conversations (system prompts, multi-turn, tools, tool calls and results) plus
messages whose content is a list of typed parts, as multimodal processors send them. Writes
NAME.cases.json next to each NAME.jinja, in the format of ../shared/fixtures/templates.

  make_family_cases.py --dir tests/data/templates
"""
import argparse
import json
import os
import sys

import jinja2

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_cases import WEATHER_TOOL, conversations, make_env  # noqa: E402

# template file -> (where its text comes from, bos_token, eos_token as the model's tokenizer has them)
TEMPLATES = {
    "meta-llama-Llama-4-Scout-17B-16E-Instruct.jinja": (
        "meta-llama/Llama-4-Scout-17B-16E-Instruct (chat_template), as GGUF files converted from it carry it "
        "(tokenizer.chat_template of Ollama's llama4, recorded in huggingface.js packages/ollama-utils/src/"
        "chat-template-automap.ts)", "<|begin_of_text|>", "<|eot|>"),
    "google-gemma-4-31B-it.jinja": ("google/gemma-4-31B-it (chat_template), llama.cpp's copy "
                                    "models/templates/google-gemma-4-31B-it.jinja", "<bos>", "<turn|>"),
    "GLM-4.6.jinja": ("zai-org/GLM-4.6 (chat_template), llama.cpp's copy models/templates/GLM-4.6.jinja", "",
                      "<|endoftext|>"),
    "deepseek-ai-DeepSeek-V3.1.jinja": ("deepseek-ai/DeepSeek-V3.1 (chat_template), llama.cpp's copy "
                                        "models/templates/deepseek-ai-DeepSeek-V3.1.jinja",
                                        "<\uff5cbegin\u2581of\u2581sentence\uff5c>",
                                        "<\uff5cend\u2581of\u2581sentence\uff5c>"),
    "Qwen3.5-4B.jinja": ("Qwen/Qwen3.5-4B (chat_template), llama.cpp's copy models/templates/Qwen3.5-4B.jinja", "",
                         "<|im_end|>"),
}


def family_conversations():
    yield from conversations()
    yield "content_parts", [
        {"role": "system", "content": [{"type": "text", "text": "  Answer in one word.  "}]},
        {"role": "user", "content": [{"type": "text", "text": "Colour of the sky?"}, {"type": "text", "text": " Now."}]},
        {"role": "assistant", "content": [{"type": "text", "text": "Blue"}]},
        {"role": "user", "content": "And at night?"},
    ], True, {}
    yield "tools_in_system_message", [
        {"role": "system", "content": "Use tools when needed."},
        {"role": "user", "content": "Weather in Zürich?"},
    ], True, {"tools": [WEATHER_TOOL], "tools_in_user_message": False}
    # An earlier turn's reasoning as the engine hands it back, thinking on (make_cases.py's
    # conversations have the switch off and on without history).
    yield "thinking_on_with_history", [
        {"role": "user", "content": "2+2?"},
        {"role": "assistant", "content": "4", "reasoning_content": "Two and two make four."},
        {"role": "user", "content": "And 3+3?"},
    ], True, {"enable_thinking": True}
    # Tools for the first user message, but only a system message: the template's own refusal.
    yield "tools_without_a_user_message", [{"role": "system", "content": "Use tools."}], True, {
        "tools": [WEATHER_TOOL]}

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dir", required=True, help="tests/data/templates")
    args = ap.parse_args()
    env = make_env()
    for name, (source, bos, eos) in TEMPLATES.items():
        with open(os.path.join(args.dir, name)) as f:
            compiled = env.from_string(f.read())
        cases = []
        for case_name, messages, agp, extra in family_conversations():
            case = {"name": case_name, "messages": messages, "add_generation_prompt": agp, "bos_token": bos,
                    "eos_token": eos, "extra": extra}
            try:
                case["expected"] = compiled.render(messages=messages, add_generation_prompt=agp, bos_token=bos,
                                                   eos_token=eos, **extra)
            except Exception as e:  # the template's own refusal, or jinja2's message
                case["expected_error"] = str(e)
            cases.append(case)
        with open(os.path.join(args.dir, name[:-6] + ".cases.json"), "w") as f:
            json.dump({"template": name, "source": source, "renderer": f"jinja2 {jinja2.__version__}",
                       "cases": cases}, f, ensure_ascii=False, indent=1)
    print("wrote the cases of", ", ".join(TEMPLATES), "to", args.dir)


if __name__ == "__main__":
    main()
