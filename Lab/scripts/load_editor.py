#!/usr/bin/env python3
"""Load and fault checks of fa-serve on loopback (Python standard library only).

1. N concurrent POST /api/recognize (one connection each, all sent at once), each a real
   drawing composed from ../shared/datasets/dollar-gestures by Lab/scripts/compose_diagrams.py:
   every answer must be 200 with a §2 object; throughput and p50/p99 latency are reported.
2. Faults, each followed by GET /healthz (must answer 200 "ok"): malformed JSON → 400, a
   9 MiB body → 413 (with Content-Length, and chunked without it), a drawing of 10⁶ points
   → 400 naming the limit, GET /../../etc/passwd → 404, a client that disconnects in the
   middle of its body; on a second server started with --timeout 2, a client that stalls
   in its body → 408 after 2 s.
3. With wrk (Debian's package) when installed: N connections for 10 s, keep-alive, POSTing
   the same drawings: requests/s, p50/p99, errors.

usage: load_editor.py --server PATH --dataset DIR [--requests 1000] [--out FILE.json]
Prints one line per check and 'N passed, N failed'; exits 1 when a check failed.
"""
import argparse
import asyncio
import json
import os
import random
import resource
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import compose_diagrams as cd  # noqa: E402

PASSED, FAILED = [], []


def check(name, condition, detail=""):
    (PASSED if condition else FAILED).append(name)
    print(("ok     " if condition else "FAILED ") + name + ("" if condition else f"  ({detail})"),
          flush=True)
    return condition


async def request(port, method, path, body=b"", headers=None, timeout=60):
    """One HTTP/1.1 request on its own connection → (status, body bytes)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        head = [f"{method} {path} HTTP/1.1", "Host: 127.0.0.1", "Connection: close"]
        if body or method == "POST":
            head.append(f"Content-Length: {len(body)}")
            head.append("Content-Type: application/json")
        head += [f"{k}: {v}" for k, v in (headers or {}).items()]
        writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + body)
        try:
            await writer.drain()
        except ConnectionError:
            pass  # the server may answer (413) and close before the whole body is sent
        return await asyncio.wait_for(read_response(reader), timeout)
    finally:
        writer.close()


async def read_response(reader):
    status_line = await reader.readline()
    if not status_line:
        return None, b""
    status = int(status_line.split()[1])
    length, chunked = None, False
    while True:
        line = await reader.readline()
        if line in (b"\r\n", b"\n", b""):
            break
        name, _, value = line.decode().partition(":")
        if name.strip().lower() == "content-length":
            length = int(value.strip())
        if name.strip().lower() == "transfer-encoding" and "chunked" in value.lower():
            chunked = True
    if chunked:
        body = b""
        while True:
            size = int((await reader.readline()).strip() or b"0", 16)
            if size == 0:
                break
            body += await reader.readexactly(size)
            await reader.readline()
        return status, body
    if length is not None:
        return status, await reader.readexactly(length)
    return status, await reader.read()


async def healthy(port, after):
    try:
        status, body = await request(port, "GET", "/healthz", timeout=10)
    except Exception as error:  # noqa: BLE001 — any failure is the answer
        status, body = None, str(error).encode()
    return check(f"/healthz answers after {after}", status == 200 and body == b"ok",
                 f"{status} {body[:80]!r}")


async def load(port, drawings, count):
    bodies = [json.dumps(d).encode() for d in drawings]
    latencies, failures = [], []

    async def one(k):
        start = time.perf_counter()
        try:
            status, body = await request(port, "POST", "/api/recognize", bodies[k % len(bodies)])
            ok = status == 200 and "automaton" in json.loads(body)
            if not ok:
                failures.append(f"{status} {body[:120]!r}")
        except Exception as error:  # noqa: BLE001
            failures.append(repr(error))
        latencies.append(time.perf_counter() - start)

    start = time.perf_counter()
    await asyncio.gather(*(one(k) for k in range(count)))
    elapsed = time.perf_counter() - start
    latencies.sort()
    pick = lambda q: latencies[min(len(latencies) - 1, int(q * len(latencies)))] * 1000  # noqa: E731
    return {"requests": count, "concurrency": count, "errors": len(failures),
            "seconds": round(elapsed, 2), "requests_per_second": round(count / elapsed, 1),
            "p50_ms": round(pick(0.50), 1), "p99_ms": round(pick(0.99), 1),
            "max_ms": round(latencies[-1] * 1000, 1), "first_errors": failures[:3]}


async def faults(port, timeout):
    results = {}
    status, body = await request(port, "POST", "/api/recognize", b'{"strokes": [[{"x": 1,')
    check("malformed JSON → 400 with an error", status == 400 and b"malformed JSON" in body,
          f"{status} {body[:120]!r}")
    await healthy(port, "malformed JSON")

    status, body = await request(port, "POST", "/api/simulate", b"[1, 2")
    check("malformed JSON to /api/simulate → 400", status == 400, f"{status} {body[:120]!r}")

    big = b"[" + b" " * (9 << 20) + b"]"
    status, body = await request(port, "POST", "/api/recognize", big)
    check("9 MiB body → 413", status == 413, f"{status} {body[:120]!r}")
    await healthy(port, "a 9 MiB body")

    # Chunked, no Content-Length: refused while it is read.
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(b"POST /api/recognize HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
                 b"Transfer-Encoding: chunked\r\n\r\n")
    try:
        for _ in range(9):
            writer.write(b"100000\r\n" + b" " * (1 << 20) + b"\r\n")
            await writer.drain()
        writer.write(b"0\r\n\r\n")
        await writer.drain()
    except ConnectionError:
        pass
    try:
        status, body = await asyncio.wait_for(read_response(reader), 30)
    except (ConnectionError, asyncio.IncompleteReadError) as error:
        status, body = None, repr(error).encode()
    writer.close()
    check("9 MiB chunked body → 413", status == 413, f"{status} {body[:120]!r}")
    await healthy(port, "a 9 MiB chunked body")

    xs = ",".join("1" for _ in range(10 ** 6))
    million = ('{"drawing": [[[' + xs + "],[" + xs + "]]]}").encode()
    status, body = await request(port, "POST", "/api/recognize", million)
    message = json.loads(body).get("error", "") if status == 400 else body[:120]
    check(f"10⁶-point drawing ({len(million) / 2**20:.1f} MiB) → 400 naming the limit",
          status == 400 and "limit" in message, f"{status} {message}")
    results["million_points_error"] = message
    await healthy(port, "a 10⁶-point drawing")

    status, body = await request(port, "GET", "/../../etc/passwd")
    check("GET /../../etc/passwd → 404", status == 404 and b"root:" not in body, f"{status}")
    status, body = await request(port, "GET", "/%2e%2e/%2e%2e/etc/passwd")
    check("GET /%2e%2e/%2e%2e/etc/passwd → 404", status == 404 and b"root:" not in body,
          f"{status}")
    await healthy(port, "path traversal")

    for cut in (10, 2000):
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(b"POST /api/recognize HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000\r\n"
                     b"Content-Type: application/json\r\n\r\n" + b'{"strokes": [' + b" " * cut)
        await writer.drain()
        writer.close()
        await asyncio.sleep(0.2)
        await healthy(port, f"a client disconnecting after {cut} bytes of its body")

    return results


def stop(server):
    """SIGTERM: fa-serve finishes the requests it holds (after wrk, a queue of them), then
    exits; killed if that takes over a minute."""
    server.terminate()
    try:
        server.wait(timeout=60)
    except subprocess.TimeoutExpired:
        print("fa-serve did not stop within 60 s of SIGTERM: killed", flush=True)
        server.kill()
        server.wait()


def start(path, options):
    """fa-serve on a free port → (process, port)."""
    server = subprocess.Popen([path, "--port", "0", *options], stdout=subprocess.PIPE, text=True)
    line = server.stdout.readline()
    if "listening on" not in line:
        server.kill()
        sys.exit("fa-serve did not start: " + line)
    return server, int(line.rsplit(":", 1)[1].strip(" /\n"))


async def stall(port, timeout):
    """A client that stalls in its body: answered 408 after the timeout."""
    results = {}
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(b"POST /api/recognize HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n[[")
    await writer.drain()
    start = time.perf_counter()
    try:
        status, body = await asyncio.wait_for(read_response(reader), timeout + 10)
    except (ConnectionError, asyncio.IncompleteReadError, asyncio.TimeoutError) as error:
        status, body = None, repr(error).encode()
    waited = time.perf_counter() - start
    writer.close()
    check(f"a stalled request is answered 408 after the {timeout:g} s timeout",
          status == 408 and waited < timeout + 5, f"{status} after {waited:.1f} s {body[:80]!r}")
    results["stalled_answer_seconds"] = round(waited, 2)
    await healthy(port, "a stalled request")
    return results


WRK_SCRIPT = """
local bodies = {}
for line in io.lines(os.getenv("FA_BODIES")) do bodies[#bodies + 1] = line end
local k = 0
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
request = function()
  k = k % #bodies + 1
  return wrk.format(nil, nil, nil, bodies[k])
end
"""


def wrk_load(port, drawings, connections, seconds):
    """wrk (C, keep-alive) with `connections` open connections for `seconds`: requests/s,
    p50/p99 latency, errors. None when wrk is not installed."""
    import shutil
    import tempfile
    if not shutil.which("wrk"):
        print("wrk not installed (apt-get install wrk): skipping the sustained load", flush=True)
        return None
    folder = tempfile.mkdtemp(prefix="load-editor-")
    with open(os.path.join(folder, "bodies.jsonl"), "w") as f:
        for d in drawings:
            f.write(json.dumps(d) + "\n")
    with open(os.path.join(folder, "post.lua"), "w") as f:
        f.write(WRK_SCRIPT)
    out = subprocess.run(["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "--timeout", "30s",
                          "--latency", "-s", os.path.join(folder, "post.lua"),
                          f"http://127.0.0.1:{port}/api/recognize"],
                         env={**os.environ, "FA_BODIES": os.path.join(folder, "bodies.jsonl")},
                         capture_output=True, text=True, timeout=seconds + 120).stdout
    def unit_ms(text):
        value = float(text.rstrip("umsµ"))
        return value / 1000 if text.endswith("us") else value * 1000 if text.endswith("s") and not text.endswith("ms") else value
    report = {"connections": connections, "seconds": seconds, "non_2xx": 0, "socket_errors": 0}
    for line in out.splitlines():
        words = line.split()
        if line.strip().startswith("50%"):
            report["p50_ms"] = round(unit_ms(words[1]), 1)
        elif line.strip().startswith("99%"):
            report["p99_ms"] = round(unit_ms(words[1]), 1)
        elif line.startswith("Requests/sec:"):
            report["requests_per_second"] = float(words[1])
        elif "requests in" in line:
            report["requests"] = int(words[0])
        elif line.strip().startswith("Non-2xx"):
            report["non_2xx"] = int(words[-1])
        elif line.strip().startswith("Socket errors"):
            report["socket_errors"] = sum(int(w.strip(",")) for w in words[3::2])
    return report


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--server", required=True)
    ap.add_argument("--dataset", required=True)
    ap.add_argument("--requests", type=int, default=1000)
    ap.add_argument("--timeout", type=float, default=2.0,
                    help="--timeout of the second server, which a stalled client is sent to")
    ap.add_argument("--wrk-seconds", type=int, default=10)
    ap.add_argument("--out")
    ap.add_argument("--seed", type=int, default=5)
    args = ap.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, 4 * args.requests + 256)), hard))
    circles, arrows = cd.load(args.dataset, "circle"), cd.load(args.dataset, "arrow")
    scribbles = [s for name in cd.SCRIBBLES for s in cd.load(args.dataset, name)]
    rng = random.Random(args.seed)
    drawings = [cd.compose(rng, circles, arrows, scribbles)[0] for _ in range(100)]
    server, port = start(args.server, [])

    def cpu_seconds():
        fields = open(f"/proc/{server.pid}/stat").read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    try:
        before = cpu_seconds()
        report = asyncio.run(load(port, drawings, args.requests))
        report["server_cpu_ms_per_request"] = round(1000 * (cpu_seconds() - before) / args.requests, 2)
        report["load_average"] = os.getloadavg()[0]
        strokes = sum(len(d["strokes"]) for d in drawings) / len(drawings)
        print(f"{args.requests} concurrent /api/recognize ({strokes:.1f} strokes per drawing): "
              f"{report['errors']} errors, {report['requests_per_second']} requests/s, "
              f"p50 {report['p50_ms']} ms, p99 {report['p99_ms']} ms, "
              f"max {report['max_ms']} ms; server CPU {report['server_cpu_ms_per_request']} ms "
              f"per request; load average {report['load_average']:.1f}", flush=True)
        check(f"{args.requests} concurrent requests, no error", report["errors"] == 0,
              report["first_errors"])
        report["strokes_per_drawing"] = round(strokes, 1)
        report.update(asyncio.run(faults(port, args.timeout)))
        sustained = wrk_load(port, drawings, args.requests, args.wrk_seconds)
        if sustained:
            report["wrk"] = sustained
            print(f"wrk, {args.requests} connections for {args.wrk_seconds} s: "
                  f"{sustained.get('requests_per_second')} requests/s, p50 {sustained.get('p50_ms')} ms, "
                  f"p99 {sustained.get('p99_ms')} ms, {sustained['non_2xx']} non-2xx, "
                  f"{sustained['socket_errors']} socket errors", flush=True)
            check("wrk: no error", sustained["non_2xx"] == 0 and sustained["socket_errors"] == 0
                  and sustained.get("requests", 0) > 0, sustained)
            asyncio.run(healthy(port, "the sustained load"))
        check("the server is still running", server.poll() is None)
        report["server_rss_mib"] = round(int(open(f"/proc/{server.pid}/status").read()
                                             .split("VmHWM:")[1].split()[0]) / 1024, 1)
    finally:
        stop(server)
    quick, quick_port = start(args.server, ["--timeout", str(args.timeout)])
    try:
        report.update(asyncio.run(stall(quick_port, args.timeout)))
    finally:
        stop(quick)
    if args.out:
        with open(args.out, "w") as f:
            json.dump(report, f, indent=1)
    print(f"{len(PASSED)} passed, {len(FAILED)} failed")
    sys.exit(1 if FAILED else 0)


if __name__ == "__main__":
    main()
