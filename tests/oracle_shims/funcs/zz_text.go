// go-cty oracle shim (package main): Terraform's textencodebase64 and textdecodebase64, which
// neither go-cty-funcs nor go-cty-yaml holds, written here after their documented behaviour on
// golang.org/x/text's IANA index (Debian's x/text encodings, added to the oracle's x/text by
// build.sh): "tf:textencodebase64" and "tf:textdecodebase64" in the "call" op's table.

package main

import (
	"bytes"
	"encoding/base64"
	"errors"
	"unicode/utf8"

	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/ianaindex"
)

// textEncoding finds the encoding an IANA name or alias names, and the IANA name of it.
func textEncoding(name string) (encoding.Encoding, string, error) {
	enc, err := ianaindex.IANA.Encoding(name)
	if err != nil || enc == nil {
		return nil, "", function.NewArgErrorf(1, "%q is not a supported IANA encoding name or alias in this Terraform version", name)
	}
	canonical, err := ianaindex.IANA.Name(enc)
	if err != nil {
		canonical = name
	}
	return enc, canonical, nil
}

var textEncodeBase64 = function.New(&function.Spec{
	Params: []function.Parameter{
		{Name: "string", Type: cty.String},
		{Name: "encoding", Type: cty.String},
	},
	Type: function.StaticReturnType(cty.String),
	Impl: func(args []cty.Value, retType cty.Type) (cty.Value, error) {
		enc, name, err := textEncoding(args[1].AsString())
		if err != nil {
			return cty.UnknownVal(cty.String), err
		}
		out, err := enc.NewEncoder().Bytes([]byte(args[0].AsString()))
		if err != nil {
			return cty.UnknownVal(cty.String), function.NewArgErrorf(0, "the given string contains characters that cannot be represented in %s", name)
		}
		return cty.StringVal(base64.StdEncoding.EncodeToString(out)), nil
	},
})

var textDecodeBase64 = function.New(&function.Spec{
	Params: []function.Parameter{
		{Name: "source", Type: cty.String},
		{Name: "encoding", Type: cty.String},
	},
	Type: function.StaticReturnType(cty.String),
	Impl: func(args []cty.Value, retType cty.Type) (cty.Value, error) {
		enc, name, err := textEncoding(args[1].AsString())
		if err != nil {
			return cty.UnknownVal(cty.String), err
		}
		raw, err := base64.StdEncoding.DecodeString(args[0].AsString())
		if err != nil {
			var corrupt base64.CorruptInputError
			if errors.As(err, &corrupt) {
				return cty.UnknownVal(cty.String), function.NewArgErrorf(0, "the given value is has an invalid base64 symbol at offset %d", int(corrupt))
			}
			return cty.UnknownVal(cty.String), function.NewArgErrorf(0, "invalid source string: %s", err)
		}
		text, err := enc.NewDecoder().Bytes(raw)
		if err != nil || bytes.ContainsRune(text, utf8.RuneError) {
			return cty.UnknownVal(cty.String), function.NewArgErrorf(0, "the given string contains symbols that are not defined for %s", name)
		}
		return cty.StringVal(string(text)), nil
	},
})

func init() {
	stdlibFuncs["tf:textencodebase64"] = textEncodeBase64
	stdlibFuncs["tf:textdecodebase64"] = textDecodeBase64
}
