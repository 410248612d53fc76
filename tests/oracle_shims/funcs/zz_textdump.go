// go-cty oracle shim (package main): whole tables of golang.org/x/text's CJK encodings, for
// the tool that makes cty/function/terraform/_text_cjk.py (one call a table: the oracle
// answers about 500 calls a second, too few for one a character).
//
//   "tf:textdecodeall"(encoding, spec): spec is a comma-separated list of byte ranges, one a
//   position ("81-fe,40-fe"); every byte sequence of their product is decoded, and those
//   that decode without error and without U+FFFD are listed, "SEQ=UTF8\n" in hexadecimal.
//   "tf:textencodeall"(encoding, "LO-HI"): every code point from LO to HI (hexadecimal; not
//   the surrogates) encoded alone, those that encode listed, "CODEPOINT=BYTES\n".

package main

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
	"golang.org/x/text/encoding/ianaindex"
)

func byteRanges(spec string) ([][2]int, error) {
	var out [][2]int
	for _, part := range strings.Split(spec, ",") {
		lo, hi, found := strings.Cut(part, "-")
		if !found {
			hi = lo
		}
		a, err := strconv.ParseUint(lo, 16, 8)
		if err != nil {
			return nil, err
		}
		b, err := strconv.ParseUint(hi, 16, 8)
		if err != nil {
			return nil, err
		}
		out = append(out, [2]int{int(a), int(b)})
	}
	return out, nil
}

var textDecodeAll = function.New(&function.Spec{
	Params: []function.Parameter{{Name: "encoding", Type: cty.String}, {Name: "spec", Type: cty.String}},
	Type:   function.StaticReturnType(cty.String),
	Impl: func(args []cty.Value, retType cty.Type) (cty.Value, error) {
		enc, err := ianaindex.IANA.Encoding(args[0].AsString())
		if err != nil || enc == nil {
			return cty.UnknownVal(cty.String), fmt.Errorf("no encoding %q", args[0].AsString())
		}
		ranges, err := byteRanges(args[1].AsString())
		if err != nil {
			return cty.UnknownVal(cty.String), err
		}
		var out strings.Builder
		seq := make([]byte, len(ranges))
		var walk func(int)
		walk = func(at int) {
			if at == len(ranges) {
				text, err := enc.NewDecoder().Bytes(seq)
				if err == nil && !bytes.ContainsRune(text, utf8.RuneError) {
					out.WriteString(hex.EncodeToString(seq) + "=" + hex.EncodeToString(text) + "\n")
				}
				return
			}
			for b := ranges[at][0]; b <= ranges[at][1]; b++ {
				seq[at] = byte(b)
				walk(at + 1)
			}
		}
		walk(0)
		return cty.StringVal(out.String()), nil
	},
})

var textEncodeAll = function.New(&function.Spec{
	Params: []function.Parameter{{Name: "encoding", Type: cty.String}, {Name: "range", Type: cty.String}},
	Type:   function.StaticReturnType(cty.String),
	Impl: func(args []cty.Value, retType cty.Type) (cty.Value, error) {
		enc, err := ianaindex.IANA.Encoding(args[0].AsString())
		if err != nil || enc == nil {
			return cty.UnknownVal(cty.String), fmt.Errorf("no encoding %q", args[0].AsString())
		}
		lo, hi, _ := strings.Cut(args[1].AsString(), "-")
		a, err := strconv.ParseUint(lo, 16, 32)
		if err != nil {
			return cty.UnknownVal(cty.String), err
		}
		b, err := strconv.ParseUint(hi, 16, 32)
		if err != nil {
			return cty.UnknownVal(cty.String), err
		}
		var out strings.Builder
		for cp := rune(a); cp <= rune(b); cp++ {
			if 0xd800 <= cp && cp < 0xe000 {
				continue
			}
			encoded, err := enc.NewEncoder().Bytes([]byte(string(cp)))
			if err == nil {
				out.WriteString(strconv.FormatInt(int64(cp), 16) + "=" + hex.EncodeToString(encoded) + "\n")
			}
		}
		return cty.StringVal(out.String()), nil
	},
})

func init() {
	stdlibFuncs["tf:textdecodeall"] = textDecodeAll
	stdlibFuncs["tf:textencodeall"] = textEncodeAll
}
