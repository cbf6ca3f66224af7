#!/usr/bin/env python3
"""Server overhead per token: `tessera-cli run` against `tessera-cli serve` on the same model and
settings (greedy, --ignore-eos / ignore_eos, the same thread count), as docs/server.md reports it.

usage: measure_overhead.py TESSERA_CLI MODEL [--tokens N] [--runs R] [--threads T]

For each run it reads `run`'s own timings (first token, generation tokens/s), then streams the same
completion from `serve` and times it at the client: time to the first byte of the response, to the
first token's event, and the mean interval between token events. The overhead per token is the
client's interval minus the engine's own (the server's /metrics gauge for the same generation).
Medians over the runs are printed as a Markdown table. Loopback only; every wait is bounded.
"""
import argparse
import http.client
import json
import os
import re
import socket
import statistics
import subprocess
import sys
import time

PROMPT = "Once upon a time"


def run_cli(cli, model, tokens, threads):
    p = subprocess.run([cli, "run", "-m", model, "-p", PROMPT, "-n", str(tokens), "--temp", "0", "--ignore-eos",
                        "--backend", "cpu", "-t", str(threads)], capture_output=True, text=True, timeout=300)
    if p.returncode != 0:
        sys.exit("tessera-cli run failed: " + p.stderr)
    m = re.search(r"generation: (\d+) tokens in ([\d.]+) ms, ([\d.]+) tokens/s; first token after ([\d.]+) ms", p.stderr)
    return {"ttft_ms": float(m.group(4)), "tps": float(m.group(3)), "ms_per_token": 1000.0 / float(m.group(3))}


def start_server(cli, model, threads):
    p = subprocess.Popen([cli, "serve", "-m", model, "--port", "0", "--backend", "cpu", "-t", str(threads)],
                         stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True)
    deadline = time.time() + 60
    while time.time() < deadline:
        line = p.stderr.readline()
        m = re.search(r"serving .* at http://127\.0\.0\.1:(\d+)/v1", line)
        if m:
            return p, int(m.group(1))
    p.kill()
    sys.exit("the server did not start")


def thread_cpu_ns(pid):
    """Nanoseconds on the CPU per thread of `pid` (/proc/PID/task/TID/schedstat, first field)."""
    out = {}
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{tid}/schedstat") as f:
                out[tid] = int(f.read().split()[0])
        except OSError:
            pass
    return out


def metric(port, name):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    c.request("GET", "/metrics")
    for line in c.getresponse().read().decode().splitlines():
        if line.startswith(name + " "):
            return float(line.split()[1])
    return float("nan")


def stream_once(port, tokens):
    body = json.dumps({"prompt": PROMPT, "max_tokens": tokens, "temperature": 0, "ignore_eos": True, "stream": True})
    request = ("POST /v1/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
               f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n{body}").encode()
    s = socket.create_connection(("127.0.0.1", port), timeout=60)
    s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    t0 = time.perf_counter()
    s.sendall(request)
    first_byte = None
    token_times = []
    buf = b""
    while True:
        data = s.recv(65536)
        now = time.perf_counter()
        if not data:
            break
        if first_byte is None:
            first_byte = now
        buf += data
        # One timestamp per token event (events that arrive in one read share it).
        while b"\n\n" in buf:
            event, buf = buf.split(b"\n\n", 1)
            i = event.find(b"data: ")
            if i < 0:
                continue
            payload = event[i + 6:]
            if payload.startswith(b"[DONE]"):
                continue
            j = json.loads(payload)
            if j["choices"] and j["choices"][0]["text"]:
                token_times.append(now)
    s.close()
    # Tokens that come while the connection thread is writing are sent together in one event, so
    # the span from the first to the last token is what is compared, not the events.
    span = token_times[-1] - token_times[0]
    return {"ttfb_ms": (first_byte - t0) * 1000, "ttft_ms": (token_times[0] - t0) * 1000,
            "ms_per_token": span * 1000 / (tokens - 1), "events": len(token_times)}


def main():
    a = argparse.ArgumentParser()
    a.add_argument("cli")
    a.add_argument("model")
    a.add_argument("--tokens", type=int, default=256)
    a.add_argument("--runs", type=int, default=5)
    a.add_argument("--threads", type=int, default=1)
    o = a.parse_args()
    server, port = start_server(o.cli, o.model, o.threads)
    cli_runs, srv_runs = [], []
    cpu_spent = {}
    try:
        stream_once(port, 8)  # warm-up: the first request pays for page faults
        # run and serve alternate, so that a change in the machine's load hits both alike.
        for _ in range(o.runs):
            cli_runs.append(run_cli(o.cli, o.model, o.tokens, o.threads))
            cpu_before = thread_cpu_ns(server.pid)
            r = stream_once(port, o.tokens)
            cpu_after = thread_cpu_ns(server.pid)
            for t in cpu_after:
                cpu_spent[t] = cpu_spent.get(t, 0) + cpu_after[t] - cpu_before.get(t, 0)
            r["engine_ms_per_token"] = 1000.0 / metric(port, "tessera_generation_tokens_per_second")
            r["engine_ttft_ms"] = metric(port, "tessera_time_to_first_token_seconds") * 1000
            srv_runs.append(r)
    finally:
        server.terminate()
        server.wait(timeout=10)
    med = lambda rows, k: statistics.median(r[k] for r in rows)
    overhead = statistics.median(r["ms_per_token"] - r["engine_ms_per_token"] for r in srv_runs)
    print(f"model {o.model}, {o.tokens} tokens, greedy, {o.threads} thread(s), median of {o.runs}")
    print("| | time to first token | ms/token | tokens/s |")
    print("|---|---|---|---|")
    print(f"| `tessera-cli run` | {med(cli_runs, 'ttft_ms'):.2f} ms | {med(cli_runs, 'ms_per_token'):.3f} | "
          f"{1000 / med(cli_runs, 'ms_per_token'):.0f} |")
    print(f"| `serve`, engine (/metrics) | {med(srv_runs, 'engine_ttft_ms'):.2f} ms | "
          f"{med(srv_runs, 'engine_ms_per_token'):.3f} | {1000 / med(srv_runs, 'engine_ms_per_token'):.0f} |")
    print(f"| `serve`, at the client (SSE) | {med(srv_runs, 'ttft_ms'):.2f} ms (first byte {med(srv_runs, 'ttfb_ms'):.2f} ms) | "
          f"{med(srv_runs, 'ms_per_token'):.3f} | {1000 / med(srv_runs, 'ms_per_token'):.0f} |")
    # The thread that generated is the one that spent the most CPU; the rest is the HTTP side
    # (connection threads: JSON, SSE framing, socket writes; the listener; the /metrics requests).
    spent = sorted(cpu_spent.values(), reverse=True)
    tokens_total = o.tokens * len(srv_runs)
    print(f"\nCPU per token: generating thread {spent[0] / tokens_total / 1000:.1f} us, "
          f"every other server thread together {sum(spent[1:]) / tokens_total / 1000:.1f} us; "
          f"{statistics.median(r['events'] for r in srv_runs):.0f} events for {o.tokens} tokens")
    print(f"server overhead per token (client interval - engine interval): {overhead * 1000:.1f} us")
    print(f"client vs run: {(med(srv_runs, 'ms_per_token') - med(cli_runs, 'ms_per_token')) * 1000:.1f} us/token")


if __name__ == "__main__":
    main()
