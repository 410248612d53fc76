// HCL oracle shim (package main, beside zz_eval.go): the op "body", hclsyntax's ParseConfig
// of a configuration file, its body's structure, each attribute's value, and what HCL's
// hcl.Body gives for it: JustAttributes, or Content against a schema.
// See tests/oracle_shims/README.md.
//
// Case: {"op": "body", "expr": TEXT, "filename": NAME, "variables": ..., "functions": ...,
//        "nil_ctx": bool (the context each attribute is evaluated in, as the eval op's),
//        "text_width": N, "text_color": bool,
//        "schema": {"attributes": [{"name": NAME, "required": bool}],
//                   "blocks": [{"type": NAME, "labels": [NAME, ...]}]} or absent}.
// Answer: "diags" the parser's diagnostics (and "stage" "parse" when they hold an error);
// "body" the body (when the parser gave no error): its ranges, its attributes (ordered by
// where their names start: HCL keeps them in a map) with their ranges and their values
// and diagnostics in the context, and its blocks (type, labels, ranges, body); "just" the
// diagnostics of JustAttributes and the names it gave (sorted); with "schema", "content"
// the diagnostics of Content (a run of "Unsupported argument" ordered by where each
// subject starts: HCL reports them in the map's order) and the attribute names (sorted)
// and blocks (type and labels, in order) it gave. "text": the parser's diagnostics (or
// Content's) as hcl.NewDiagnosticTextWriter writes them with the parsed file.

package main

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hcldec"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
	ctyjson "github.com/zclconf/go-cty/cty/json"
)

type bodyRequest struct {
	evalRequest
	Schema *struct {
		Attributes []struct {
			Name     string `json:"name"`
			Required bool   `json:"required"`
		} `json:"attributes"`
		Blocks []struct {
			Type   string   `json:"type"`
			Labels []string `json:"labels"`
		} `json:"blocks"`
	} `json:"schema"`
}

type attrOut struct {
	Name        string    `json:"name"`
	Range       *rng      `json:"range"`
	NameRange   *rng      `json:"name_range"`
	EqualsRange *rng      `json:"equals_range"`
	ExprRange   *rng      `json:"expr_range"`
	Value       *valueOut `json:"value"`
	Diags       []diagOut `json:"diags,omitempty"`
}

type blockOut struct {
	Type            string   `json:"type"`
	Labels          []string `json:"labels"`
	TypeRange       *rng     `json:"type_range"`
	LabelRanges     []*rng   `json:"label_ranges"`
	OpenBraceRange  *rng     `json:"open_brace_range"`
	CloseBraceRange *rng     `json:"close_brace_range"`
	DefRange        *rng     `json:"def_range"`
	Range           *rng     `json:"range"`
	Body            *bodyOut `json:"body"`
}

type bodyOut struct {
	Range      *rng       `json:"range"`
	EndRange   *rng       `json:"end_range"`
	Attributes []attrOut  `json:"attributes"`
	Blocks     []blockOut `json:"blocks"`
}

type contentOut struct {
	Diags      []diagOut  `json:"diags,omitempty"`
	Attributes []string   `json:"attributes"`
	Blocks     []blockRef `json:"blocks,omitempty"`
	Text       *string    `json:"text,omitempty"`
}

type blockRef struct {
	Type   string   `json:"type"`
	Labels []string `json:"labels"`
}

type bodyAnswer struct {
	ID      json.RawMessage `json:"id,omitempty"`
	Op      string          `json:"op"`
	Stage   string          `json:"stage,omitempty"`
	Error   string          `json:"error,omitempty"`
	Diags   []diagOut       `json:"diags,omitempty"`
	Text    *string         `json:"text,omitempty"`
	Body    *bodyOut        `json:"body,omitempty"`
	Just    *contentOut     `json:"just,omitempty"`
	Content *contentOut     `json:"content,omitempty"`
}

func init() {
	extraOps["body"] = opBody
	extraOps["decode"] = opDecode
}

func opBody(line []byte) any {
	var req bodyRequest
	if err := json.Unmarshal(line, &req); err != nil {
		return &bodyAnswer{Op: "body", Stage: "input", Error: err.Error()}
	}
	ans := &bodyAnswer{ID: req.ID, Op: "body"}
	filename := req.Filename
	if filename == "" {
		filename = "main.hcl"
	}
	file, diags := hclsyntax.ParseConfig([]byte(req.Expr), filename, hcl.InitialPos)
	ans.Diags = renderDiags(diags)
	ans.Text = fileText(&req, file, diags)
	if diags.HasErrors() {
		ans.Stage = "parse"
		return ans
	}
	ctx, err := evalContext(&req.evalRequest)
	if err != nil {
		ans.Stage = "input"
		ans.Error = err.Error()
		return ans
	}
	body := file.Body.(*hclsyntax.Body)
	ans.Body = renderBody(body, ctx)
	attrs, diags := body.JustAttributes()
	ans.Just = &contentOut{Diags: renderDiags(diags), Attributes: attrNames(attrs)}
	if req.Schema != nil {
		schema := &hcl.BodySchema{}
		for _, a := range req.Schema.Attributes {
			schema.Attributes = append(schema.Attributes,
				hcl.AttributeSchema{Name: a.Name, Required: a.Required})
		}
		for _, b := range req.Schema.Blocks {
			schema.Blocks = append(schema.Blocks,
				hcl.BlockHeaderSchema{Type: b.Type, LabelNames: b.Labels})
		}
		content, diags := body.Content(schema)
		sortUnsupported(diags)
		out := &contentOut{Diags: renderDiags(diags), Attributes: attrNames(content.Attributes),
			Blocks: []blockRef{}}
		for _, b := range content.Blocks {
			labels := b.Labels
			if labels == nil {
				labels = []string{}
			}
			out.Blocks = append(out.Blocks, blockRef{Type: b.Type, Labels: labels})
		}
		out.Text = fileText(&req, file, diags)
		ans.Content = out
	}
	return ans
}

// sortUnsupported orders each run of "Unsupported argument" diagnostics by where their
// subjects start (HCL makes them in its attribute map's random order).
func sortUnsupported(diags hcl.Diagnostics) {
	for i := 0; i < len(diags); {
		j := i
		for j < len(diags) && diags[j].Summary == "Unsupported argument" {
			j++
		}
		if j > i {
			run := diags[i:j]
			sort.SliceStable(run, func(a, b int) bool {
				return run[a].Subject.Start.Byte < run[b].Subject.Start.Byte
			})
			i = j
		} else {
			i++
		}
	}
}

func attrNames(attrs hcl.Attributes) []string {
	names := []string{}
	for name := range attrs {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

func renderBody(b *hclsyntax.Body, ctx *hcl.EvalContext) *bodyOut {
	out := &bodyOut{Range: renderRange(&b.SrcRange), EndRange: renderRange(&b.EndRange),
		Attributes: []attrOut{}, Blocks: []blockOut{}}
	for name, a := range b.Attributes {
		v, diags := a.Expr.Value(ctx)
		r := a.Expr.Range()
		out.Attributes = append(out.Attributes, attrOut{Name: name, Range: renderRange(&a.SrcRange),
			NameRange: renderRange(&a.NameRange), EqualsRange: renderRange(&a.EqualsRange),
			ExprRange: renderRange(&r), Value: renderValue(v), Diags: renderDiags(diags)})
	}
	sort.Slice(out.Attributes, func(i, j int) bool {
		return out.Attributes[i].NameRange.Start.Byte < out.Attributes[j].NameRange.Start.Byte
	})
	for _, blk := range b.Blocks {
		labels := []*rng{}
		for i := range blk.LabelRanges {
			labels = append(labels, renderRange(&blk.LabelRanges[i]))
		}
		def, whole := blk.DefRange(), blk.Range()
		names := blk.Labels
		if names == nil {
			names = []string{}
		}
		out.Blocks = append(out.Blocks, blockOut{Type: blk.Type, Labels: names,
			TypeRange: renderRange(&blk.TypeRange), LabelRanges: labels,
			OpenBraceRange:  renderRange(&blk.OpenBraceRange),
			CloseBraceRange: renderRange(&blk.CloseBraceRange), DefRange: renderRange(&def),
			Range: renderRange(&whole), Body: renderBody(blk.Body, ctx)})
	}
	return out
}

// fileText writes diags with HCL's text writer, the parsed file as the file (so each gets
// the "in BLOCK" context HCL's navigation gives).
func fileText(req *bodyRequest, file *hcl.File, diags hcl.Diagnostics) *string {
	if req.TextWidth == nil || len(diags) == 0 {
		return nil
	}
	filename := req.Filename
	if filename == "" {
		filename = "main.hcl"
	}
	files := map[string]*hcl.File{filename: file}
	var out strings.Builder
	wr := hcl.NewDiagnosticTextWriter(&out, files, *req.TextWidth, req.TextColor)
	_ = wr.WriteDiagnostics(diags)
	s := out.String()
	return &s
}

// The op "decode": {"op": "decode", "expr": TEXT, "block": BLOCK, ...the context as the
// eval op's}, BLOCK = {"attributes": {NAME: {"type": TYPE_JSON, "required": bool}},
// "blocks": {NAME: {"block": BLOCK, "nesting": "single"|"group"|"list"|"set"|"map",
// "min_items": N, "max_items": N, "labels": [NAME, ...]}}}: hcldec.Decode of the parsed
// body by the specs such a block schema stands for (cty.hcl's _decode.py says which). The
// answer: "value" and "diags" (in HCL's order, which follows Go's map order), or the
// parser's diagnostics with "stage" "parse".

type attrSpecIn struct {
	Type     json.RawMessage `json:"type"`
	Required bool            `json:"required"`
}

type blockSchemaIn struct {
	Attributes map[string]attrSpecIn   `json:"attributes"`
	Blocks     map[string]nestedSpecIn `json:"blocks"`
}

type nestedSpecIn struct {
	Block    blockSchemaIn `json:"block"`
	Nesting  string        `json:"nesting"`
	MinItems int           `json:"min_items"`
	MaxItems int           `json:"max_items"`
	Labels   []string      `json:"labels"`
}

type decodeRequest struct {
	evalRequest
	Block blockSchemaIn `json:"block"`
}

func opDecode(line []byte) any {
	var req decodeRequest
	if err := json.Unmarshal(line, &req); err != nil {
		return &evalAnswer{Op: "decode", Stage: "input", Error: err.Error()}
	}
	ans := &evalAnswer{ID: req.ID, Op: "decode"}
	file, diags := hclsyntax.ParseConfig([]byte(req.Expr), "main.hcl", hcl.InitialPos)
	if diags.HasErrors() {
		ans.Stage = "parse"
		ans.Diags = renderDiags(diags)
		return ans
	}
	ctx, err := evalContext(&req.evalRequest)
	if err != nil {
		ans.Stage = "input"
		ans.Error = err.Error()
		return ans
	}
	spec, err := decoderSpec(&req.Block)
	if err != nil {
		ans.Stage = "input"
		ans.Error = err.Error()
		return ans
	}
	v, diags := hcldec.Decode(file.Body, spec, ctx)
	ans.Value = renderValue(v)
	ans.Diags = renderDiags(diags)
	ans.OK = !diags.HasErrors()
	return ans
}

// decoderSpec: the hcldec spec of a block schema: an AttrSpec for each attribute; for each
// nested block type a BlockSpec (single: required when min_items is 1; group: with the
// block's empty value as its default), BlockListSpec (BlockTupleSpec for a block holding a
// dynamic type), BlockSetSpec, or BlockMapSpec (BlockObjectSpec for a dynamic one) keyed by
// its labels.
func decoderSpec(b *blockSchemaIn) (hcldec.ObjectSpec, error) {
	spec := hcldec.ObjectSpec{}
	for name, a := range b.Attributes {
		ty, err := ctyjson.UnmarshalType(a.Type)
		if err != nil {
			return nil, err
		}
		spec[name] = &hcldec.AttrSpec{Name: name, Type: ty, Required: a.Required}
	}
	for name, n := range b.Blocks {
		child, err := decoderSpec(&n.Block)
		if err != nil {
			return nil, err
		}
		dynamic := hcldec.ImpliedType(child).HasDynamicTypes()
		switch n.Nesting {
		case "single", "group":
			var s hcldec.Spec = &hcldec.BlockSpec{TypeName: name, Nested: child,
				Required: n.MinItems == 1}
			if n.Nesting == "group" {
				empty, err := emptyValue(&n.Block)
				if err != nil {
					return nil, err
				}
				s = &hcldec.DefaultSpec{Primary: s, Default: &hcldec.LiteralSpec{Value: empty}}
			}
			spec[name] = s
		case "list":
			if dynamic {
				spec[name] = &hcldec.BlockTupleSpec{TypeName: name, Nested: child,
					MinItems: n.MinItems, MaxItems: n.MaxItems}
			} else {
				spec[name] = &hcldec.BlockListSpec{TypeName: name, Nested: child,
					MinItems: n.MinItems, MaxItems: n.MaxItems}
			}
		case "set":
			spec[name] = &hcldec.BlockSetSpec{TypeName: name, Nested: child,
				MinItems: n.MinItems, MaxItems: n.MaxItems}
		case "map":
			if dynamic {
				spec[name] = &hcldec.BlockObjectSpec{TypeName: name, Nested: child,
					LabelNames: n.Labels}
			} else {
				spec[name] = &hcldec.BlockMapSpec{TypeName: name, Nested: child,
					LabelNames: n.Labels}
			}
		default:
			return nil, fmt.Errorf("no nesting %q", n.Nesting)
		}
	}
	return spec, nil
}

// emptyValue: a group block's value when it is absent: every attribute null, every nested
// block type empty (single: null; group: its own empty value; list, set, map: empty, a list
// or map of blocks holding a dynamic type an empty tuple or object).
func emptyValue(b *blockSchemaIn) (cty.Value, error) {
	vals := map[string]cty.Value{}
	for name, a := range b.Attributes {
		ty, err := ctyjson.UnmarshalType(a.Type)
		if err != nil {
			return cty.NilVal, err
		}
		vals[name] = cty.NullVal(ty.WithoutOptionalAttributesDeep())
	}
	for name, n := range b.Blocks {
		child, err := decoderSpec(&n.Block)
		if err != nil {
			return cty.NilVal, err
		}
		ty := hcldec.ImpliedType(child).WithoutOptionalAttributesDeep()
		switch n.Nesting {
		case "single":
			vals[name] = cty.NullVal(ty)
		case "group":
			if vals[name], err = emptyValue(&n.Block); err != nil {
				return cty.NilVal, err
			}
		case "list":
			if ty.HasDynamicTypes() {
				vals[name] = cty.EmptyTupleVal
			} else {
				vals[name] = cty.ListValEmpty(ty)
			}
		case "set":
			vals[name] = cty.SetValEmpty(ty)
		case "map":
			if ty.HasDynamicTypes() {
				vals[name] = cty.EmptyObjectVal
			} else {
				vals[name] = cty.MapValEmpty(ty)
			}
		}
	}
	return cty.ObjectVal(vals), nil
}
