// HCL oracle shim (package main, compiled beside hcloracle's main.go: HCLORACLE_SHIMS=DIR sh
// build.sh): the op "eval", hclsyntax's ParseExpression then Expression.Value in an
// hcl.EvalContext of variables and go-cty's standard library functions.
// See tests/oracle_shims/README.md.
//
// Case: {"op": "eval", "expr": TEXT, "filename": NAME, "nil_ctx": bool, "template": bool,
//        "variables": {NAME: VALUE_IN, ...} or null, "functions": [NAME, ...] or null}.
// null (or absent) variables or functions leave the context's map nil, which HCL tells from
// an empty map; "nil_ctx" evaluates with no context at all; "template" parses the text as a
// template file (hclsyntax.ParseTemplate). Function names are the lower-case
// names of cty.function.stdlib.FUNCTIONS (the table below), and "try" and "can"
// (ext/tryfunc).
// Answer: "stage" "parse" with the parser's diagnostics, or the value (rendered as main.go
// renders values) and every diagnostic of the evaluation, in HCL's order.

package main

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/ext/tryfunc"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
	"github.com/zclconf/go-cty/cty/function/stdlib"
)

type evalRequest struct {
	ID        json.RawMessage     `json:"id,omitempty"`
	Expr      string              `json:"expr"`
	Filename  string              `json:"filename"`
	NilCtx    bool                `json:"nil_ctx"`
	Variables map[string]*valueIn `json:"variables"`
	Functions []string            `json:"functions"`
	Template  bool                `json:"template"`
	TextWidth *uint               `json:"text_width"`
	TextColor bool                `json:"text_color"`
}

type evalAnswer struct {
	ID    json.RawMessage `json:"id,omitempty"`
	Op    string          `json:"op"`
	OK    bool            `json:"ok"`
	Stage string          `json:"stage,omitempty"`
	Value *valueOut       `json:"value,omitempty"`
	Diags []diagOut       `json:"diags,omitempty"`
	Error string          `json:"error,omitempty"`
	// Text: the diagnostics as hcl.NewDiagnosticTextWriter writes them (when text_width is
	// given), each without its Expression and EvalContext (so without the "with NAME as
	// VALUE" lines); TextWithValues: as HCL writes them, those lines included.
	Text           *string `json:"text,omitempty"`
	TextWithValues *string `json:"text_with_values,omitempty"`
}

func init() {
	extraOps["eval"] = opEval
	extraOps["variables"] = opVariables
	extraOps["traversal"] = opTraversal
}

type traversalOut struct {
	Root  string    `json:"root"`
	Steps []stepOut `json:"steps"`
	Range *rng      `json:"range"`
}

type stepOut struct {
	Attr  *string   `json:"attr,omitempty"`
	Key   *valueOut `json:"key,omitempty"`
	Splat bool      `json:"splat,omitempty"`
}

type variablesAnswer struct {
	ID         json.RawMessage `json:"id,omitempty"`
	Op         string          `json:"op"`
	Stage      string          `json:"stage,omitempty"`
	Diags      []diagOut       `json:"diags,omitempty"`
	Traversals []traversalOut  `json:"traversals"`
}

// opVariables: {"op": "variables", "expr": TEXT}: hclsyntax.Variables of the parsed
// expression, each traversal's root name, its steps (an attribute's name, or an index's key
// rendered as main.go renders values) and its source range.
func opVariables(line []byte) any {
	var req evalRequest
	if err := json.Unmarshal(line, &req); err != nil {
		return &variablesAnswer{Op: "variables", Stage: "input"}
	}
	ans := &variablesAnswer{ID: req.ID, Op: "variables", Traversals: []traversalOut{}}
	expr, diags := hclsyntax.ParseExpression([]byte(req.Expr), "expr.hcl", hcl.InitialPos)
	if diags.HasErrors() {
		ans.Stage = "parse"
		ans.Diags = renderDiags(diags)
		return ans
	}
	for _, t := range hclsyntax.Variables(expr) {
		ans.Traversals = append(ans.Traversals, renderTraversal(t))
	}
	return ans
}

// opTraversal: {"op": "traversal", "expr": TEXT}: hclsyntax.ParseTraversalAbs of the text:
// the traversal (as the variables op renders one; absent when the parser gave none) and
// every diagnostic.
func opTraversal(line []byte) any {
	var req evalRequest
	if err := json.Unmarshal(line, &req); err != nil {
		return &traversalAnswer{Op: "traversal", Stage: "input"}
	}
	ans := &traversalAnswer{ID: req.ID, Op: "traversal"}
	t, diags := hclsyntax.ParseTraversalAbs([]byte(req.Expr), "expr.hcl", hcl.InitialPos)
	ans.Diags = renderDiags(diags)
	if len(t) > 0 {
		out := renderTraversal(t)
		ans.Traversal = &out
	}
	return ans
}

type traversalAnswer struct {
	ID        json.RawMessage `json:"id,omitempty"`
	Op        string          `json:"op"`
	Stage     string          `json:"stage,omitempty"`
	Diags     []diagOut       `json:"diags,omitempty"`
	Traversal *traversalOut   `json:"traversal,omitempty"`
}

// renderTraversal: a traversal's root name (empty for a relative one), its steps and its
// source range.
func renderTraversal(t hcl.Traversal) traversalOut {
	r := t.SourceRange()
	out := traversalOut{Steps: []stepOut{}, Range: renderRange(&r)}
	for _, step := range t {
		switch s := step.(type) {
		case hcl.TraverseRoot:
			out.Root = s.Name
		case hcl.TraverseAttr:
			name := s.Name
			out.Steps = append(out.Steps, stepOut{Attr: &name})
		case hcl.TraverseIndex:
			out.Steps = append(out.Steps, stepOut{Key: renderValue(s.Key)})
		case hcl.TraverseSplat:
			out.Steps = append(out.Steps, stepOut{Splat: true})
		}
	}
	return out
}

func opEval(line []byte) any {
	var req evalRequest
	if err := json.Unmarshal(line, &req); err != nil {
		return &evalAnswer{Op: "eval", Stage: "input", Error: err.Error()}
	}
	ans := &evalAnswer{ID: req.ID, Op: "eval"}
	filename := req.Filename
	if filename == "" {
		filename = "expr.hcl"
	}
	parse := hclsyntax.ParseExpression
	if req.Template {
		parse = hclsyntax.ParseTemplate
	}
	expr, diags := parse([]byte(req.Expr), filename, hcl.InitialPos)
	if diags.HasErrors() {
		ans.Stage = "parse"
		ans.Diags = renderDiags(diags)
		ans.Text, ans.TextWithValues = diagText(&req, filename, diags)
		return ans
	}
	ctx, err := evalContext(&req)
	if err != nil {
		ans.Stage = "input"
		ans.Error = err.Error()
		return ans
	}
	v, diags := expr.Value(ctx)
	ans.Value = renderValue(v)
	ans.Diags = renderDiags(diags)
	ans.OK = !diags.HasErrors()
	if !ans.OK {
		ans.Stage = "eval"
	}
	ans.Text, ans.TextWithValues = diagText(&req, filename, diags)
	return ans
}

// evalContext: the request's context (nil for nil_ctx; a nil map where the request gives
// none), or why it cannot be made.
func evalContext(req *evalRequest) (*hcl.EvalContext, error) {
	if req.NilCtx {
		return nil, nil
	}
	ctx := &hcl.EvalContext{}
	if req.Variables != nil {
		ctx.Variables = map[string]cty.Value{}
		for name, in := range req.Variables {
			v, err := decodeValue(in)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", name, err)
			}
			ctx.Variables[name] = v
		}
	}
	if req.Functions != nil {
		ctx.Functions = map[string]function.Function{}
		for _, name := range req.Functions {
			f, ok := evalFuncs[name]
			if !ok {
				return nil, fmt.Errorf("no function %s", name)
			}
			ctx.Functions[name] = f
		}
	}
	return ctx, nil
}

// diagText writes diags with HCL's text writer, the expression's text as the file's, twice:
// without and with each diagnostic's Expression and EvalContext.
func diagText(req *evalRequest, filename string, diags hcl.Diagnostics) (*string, *string) {
	if req.TextWidth == nil || len(diags) == 0 {
		return nil, nil
	}
	files := map[string]*hcl.File{filename: {Bytes: []byte(req.Expr)}}
	var full strings.Builder
	wr := hcl.NewDiagnosticTextWriter(&full, files, *req.TextWidth, req.TextColor)
	_ = wr.WriteDiagnostics(diags)
	var bare strings.Builder
	wr = hcl.NewDiagnosticTextWriter(&bare, files, *req.TextWidth, req.TextColor)
	for _, d := range diags {
		plain := *d
		plain.Expression = nil
		plain.EvalContext = nil
		_ = wr.WriteDiagnostic(&plain)
	}
	a, b := bare.String(), full.String()
	return &a, &b
}

// evalFuncs: cty.function.stdlib.FUNCTIONS's names, each matched to go-cty's function by its
// description (the to... conversions are stdlib.MakeToFunc of their types).
var evalFuncs = map[string]function.Function{
	"try":                    tryfunc.TryFunc,
	"can":                    tryfunc.CanFunc,
	"abs":                    stdlib.AbsoluteFunc,
	"add":                    stdlib.AddFunc,
	"and":                    stdlib.AndFunc,
	"assertnotnull":          stdlib.AssertNotNullFunc,
	"byteslen":               stdlib.BytesLenFunc,
	"bytesslice":             stdlib.BytesSliceFunc,
	"ceil":                   stdlib.CeilFunc,
	"chomp":                  stdlib.ChompFunc,
	"chunklist":              stdlib.ChunklistFunc,
	"coalesce":               stdlib.CoalesceFunc,
	"coalescelist":           stdlib.CoalesceListFunc,
	"compact":                stdlib.CompactFunc,
	"concat":                 stdlib.ConcatFunc,
	"contains":               stdlib.ContainsFunc,
	"csvdecode":              stdlib.CSVDecodeFunc,
	"distinct":               stdlib.DistinctFunc,
	"divide":                 stdlib.DivideFunc,
	"element":                stdlib.ElementFunc,
	"equal":                  stdlib.EqualFunc,
	"flatten":                stdlib.FlattenFunc,
	"floor":                  stdlib.FloorFunc,
	"format":                 stdlib.FormatFunc,
	"formatdate":             stdlib.FormatDateFunc,
	"formatlist":             stdlib.FormatListFunc,
	"greaterthan":            stdlib.GreaterThanFunc,
	"greaterthanorequalto":   stdlib.GreaterThanOrEqualToFunc,
	"hasindex":               stdlib.HasIndexFunc,
	"indent":                 stdlib.IndentFunc,
	"index":                  stdlib.IndexFunc,
	"int":                    stdlib.IntFunc,
	"join":                   stdlib.JoinFunc,
	"jsondecode":             stdlib.JSONDecodeFunc,
	"jsonencode":             stdlib.JSONEncodeFunc,
	"keys":                   stdlib.KeysFunc,
	"length":                 stdlib.LengthFunc,
	"lessthan":               stdlib.LessThanFunc,
	"lessthanorequalto":      stdlib.LessThanOrEqualToFunc,
	"log":                    stdlib.LogFunc,
	"lookup":                 stdlib.LookupFunc,
	"lower":                  stdlib.LowerFunc,
	"max":                    stdlib.MaxFunc,
	"merge":                  stdlib.MergeFunc,
	"min":                    stdlib.MinFunc,
	"modulo":                 stdlib.ModuloFunc,
	"multiply":               stdlib.MultiplyFunc,
	"negate":                 stdlib.NegateFunc,
	"not":                    stdlib.NotFunc,
	"notequal":               stdlib.NotEqualFunc,
	"or":                     stdlib.OrFunc,
	"parseint":               stdlib.ParseIntFunc,
	"pow":                    stdlib.PowFunc,
	"range":                  stdlib.RangeFunc,
	"regex":                  stdlib.RegexFunc,
	"regexall":               stdlib.RegexAllFunc,
	"regexreplace":           stdlib.RegexReplaceFunc,
	"replace":                stdlib.ReplaceFunc,
	"reverse":                stdlib.ReverseListFunc,
	"sethaselement":          stdlib.SetHasElementFunc,
	"setintersection":        stdlib.SetIntersectionFunc,
	"setproduct":             stdlib.SetProductFunc,
	"setsubtract":            stdlib.SetSubtractFunc,
	"setsymmetricdifference": stdlib.SetSymmetricDifferenceFunc,
	"setunion":               stdlib.SetUnionFunc,
	"signum":                 stdlib.SignumFunc,
	"slice":                  stdlib.SliceFunc,
	"sort":                   stdlib.SortFunc,
	"split":                  stdlib.SplitFunc,
	"strlen":                 stdlib.StrlenFunc,
	"strrev":                 stdlib.ReverseFunc,
	"substr":                 stdlib.SubstrFunc,
	"subtract":               stdlib.SubtractFunc,
	"timeadd":                stdlib.TimeAddFunc,
	"title":                  stdlib.TitleFunc,
	"tobool":                 stdlib.MakeToFunc(cty.Bool),
	"tolist":                 stdlib.MakeToFunc(cty.List(cty.DynamicPseudoType)),
	"tomap":                  stdlib.MakeToFunc(cty.Map(cty.DynamicPseudoType)),
	"tonumber":               stdlib.MakeToFunc(cty.Number),
	"toset":                  stdlib.MakeToFunc(cty.Set(cty.DynamicPseudoType)),
	"tostring":               stdlib.MakeToFunc(cty.String),
	"trim":                   stdlib.TrimFunc,
	"trimprefix":             stdlib.TrimPrefixFunc,
	"trimspace":              stdlib.TrimSpaceFunc,
	"trimsuffix":             stdlib.TrimSuffixFunc,
	"upper":                  stdlib.UpperFunc,
	"values":                 stdlib.ValuesFunc,
	"zipmap":                 stdlib.ZipmapFunc,
}
