// go-cty oracle shim (package main): Terraform's base64gzip, "tf:base64gzip" in the "call"
// op's table (neither go-cty-funcs nor go-cty-yaml has it): the text gzipped by Go's
// compress/gzip at the default level, written once, flushed and closed, then in base64.

package main

import (
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"fmt"

	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
)

var base64Gzip = function.New(&function.Spec{
	Params:       []function.Parameter{{Name: "str", Type: cty.String}},
	Type:         function.StaticReturnType(cty.String),
	RefineResult: func(b *cty.RefinementBuilder) *cty.RefinementBuilder { return b.NotNull() },
	Impl: func(args []cty.Value, retType cty.Type) (cty.Value, error) {
		var out bytes.Buffer
		w := gzip.NewWriter(&out)
		if _, err := w.Write([]byte(args[0].AsString())); err != nil {
			return cty.UnknownVal(cty.String), fmt.Errorf("failed to write gzip raw data: %w", err)
		}
		if err := w.Flush(); err != nil {
			return cty.UnknownVal(cty.String), fmt.Errorf("failed to flush gzip writer: %w", err)
		}
		if err := w.Close(); err != nil {
			return cty.UnknownVal(cty.String), fmt.Errorf("failed to close gzip writer: %w", err)
		}
		return cty.StringVal(base64.StdEncoding.EncodeToString(out.Bytes())), nil
	},
})

func init() {
	stdlibFuncs["tf:base64gzip"] = base64Gzip
}
