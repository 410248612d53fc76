// HCL oracle shim (package main): the op "bench", the timing of HCL in Go doing the work
// benchmarks/bench_hcl.py times cty.hcl doing. See tests/oracle_shims/README.md.
//
// Case: {"op": "bench", "expr": CONFIG, "exprs": [TEXT, ...], "variables": {...},
//        "rounds": N}: N rounds of (1) hclsyntax.ParseConfig of CONFIG alone; (2) the same
// and its evaluation: every attribute of its "locals" blocks in a context of "var" (the
// variables) and go-cty's standard library, into one object "local", then every
// attribute of its "resource" blocks in a context of "var" and "local"; (3) each of the
// expressions parsed and evaluated in a context of the variables. Answer: the best round's
// nanoseconds of each ("parse_ns", "eval_ns", "exprs_ns"), and how many diagnostics the
// evaluations gave (none expected).

package main

import (
	"encoding/json"
	"time"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
)

type benchRequest struct {
	ID        json.RawMessage     `json:"id,omitempty"`
	Expr      string              `json:"expr"`
	Exprs     []string            `json:"exprs"`
	Variables map[string]*valueIn `json:"variables"`
	Rounds    int                 `json:"rounds"`
}

type benchAnswer struct {
	ID      json.RawMessage `json:"id,omitempty"`
	Op      string          `json:"op"`
	Error   string          `json:"error,omitempty"`
	ParseNs int64           `json:"parse_ns"`
	EvalNs  int64           `json:"eval_ns"`
	ExprsNs int64           `json:"exprs_ns"`
	Diags   int             `json:"diags"`
}

func init() {
	extraOps["bench"] = opBench
}

var benchSchema = &hcl.BodySchema{Blocks: []hcl.BlockHeaderSchema{
	{Type: "locals"}, {Type: "resource", LabelNames: []string{"type", "name"}}}}

func opBench(line []byte) any {
	var req benchRequest
	if err := json.Unmarshal(line, &req); err != nil {
		return &benchAnswer{Op: "bench", Error: err.Error()}
	}
	ans := &benchAnswer{ID: req.ID, Op: "bench"}
	vars := map[string]cty.Value{}
	for name, in := range req.Variables {
		v, err := decodeValue(in)
		if err != nil {
			ans.Error = err.Error()
			return ans
		}
		vars[name] = v
	}
	funcs := map[string]function.Function{}
	for name, f := range evalFuncs {
		funcs[name] = f
	}
	src := []byte(req.Expr)
	for round := 0; round < req.Rounds; round++ {
		start := time.Now()
		if _, diags := hclsyntax.ParseConfig(src, "main.hcl", hcl.InitialPos); diags.HasErrors() {
			ans.Error = diags.Error()
			return ans
		}
		keep(&ans.ParseNs, time.Since(start), round)

		start = time.Now()
		file, _ := hclsyntax.ParseConfig(src, "main.hcl", hcl.InitialPos)
		content, diags := file.Body.Content(benchSchema)
		ans.Diags = len(diags)
		ctx := &hcl.EvalContext{Variables: map[string]cty.Value{"var": cty.ObjectVal(vars)},
			Functions: funcs}
		locals := map[string]cty.Value{}
		ans.Diags += evalBlocks(content, "locals", ctx, func(name string, v cty.Value) {
			locals[name] = v
		})
		ctx = &hcl.EvalContext{Variables: map[string]cty.Value{"var": cty.ObjectVal(vars),
			"local": cty.ObjectVal(locals)}, Functions: funcs}
		ans.Diags += evalBlocks(content, "resource", ctx, func(string, cty.Value) {})
		keep(&ans.EvalNs, time.Since(start), round)

		start = time.Now()
		ctx = &hcl.EvalContext{Variables: vars, Functions: funcs}
		for _, text := range req.Exprs {
			expr, _ := hclsyntax.ParseExpression([]byte(text), "expr.hcl", hcl.InitialPos)
			_, d := expr.Value(ctx)
			ans.Diags += len(d)
		}
		keep(&ans.ExprsNs, time.Since(start), round)
	}
	return ans
}

// evalBlocks evaluates in ctx every attribute of content's blocks of type ty, giving each
// value to each; it returns how many diagnostics the evaluations gave.
func evalBlocks(content *hcl.BodyContent, ty string, ctx *hcl.EvalContext,
	each func(name string, v cty.Value)) int {
	n := 0
	for _, b := range content.Blocks {
		if b.Type != ty {
			continue
		}
		attrs, _ := b.Body.JustAttributes()
		for name, a := range attrs {
			v, d := a.Expr.Value(ctx)
			n += len(d)
			each(name, v)
		}
	}
	return n
}

// keep sets *best to d where it is the first round's or less than *best.
func keep(best *int64, d time.Duration, round int) {
	if round == 0 || d.Nanoseconds() < *best {
		*best = d.Nanoseconds()
	}
}
