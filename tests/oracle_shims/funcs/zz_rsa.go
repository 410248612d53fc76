// go-cty oracle shim (package main): Terraform's rsadecrypt, "tf:rsadecrypt" in the "call"
// op's table. go-cty-funcs' version reads PKCS#1 keys only, with other messages; Terraform
// (and OpenTofu) read the key with x/crypto/ssh's ParseRawPrivateKey (PKCS#1, PKCS#8,
// OpenSSH) and reword its errors; this shim does the same, written after OpenTofu's
// lang/funcs read for its behaviour.

package main

import (
	"crypto/rsa"
	"encoding/asn1"
	"encoding/base64"
	"fmt"
	"strings"

	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
	"golang.org/x/crypto/ssh"
)

// keyError words an error of reading the key as Terraform does: the ASN.1 decoder's own
// errors as invalid ASN.1 data, anything else as an invalid key.
func keyError(err error) error {
	var text string
	switch e := err.(type) {
	case asn1.SyntaxError:
		text = strings.ReplaceAll(e.Error(), "asn1: syntax error", "invalid ASN1 data in the given private key")
	case asn1.StructuralError:
		text = strings.ReplaceAll(e.Error(), "asn1: structure error", "invalid ASN1 data in the given private key")
	default:
		text = fmt.Sprintf("invalid private key: %s", e)
	}
	return function.NewArgErrorf(1, "%s", text)
}

var rsaDecrypt = function.New(&function.Spec{
	Params: []function.Parameter{
		{Name: "ciphertext", Type: cty.String},
		{Name: "privatekey", Type: cty.String},
	},
	Type:         function.StaticReturnType(cty.String),
	RefineResult: func(b *cty.RefinementBuilder) *cty.RefinementBuilder { return b.NotNull() },
	Impl: func(args []cty.Value, retType cty.Type) (cty.Value, error) {
		text := args[0].AsString()
		data, err := base64.StdEncoding.DecodeString(text)
		if err != nil {
			return cty.UnknownVal(cty.String), function.NewArgErrorf(0, "failed to decode input %q: cipher text must be base64-encoded", text)
		}
		raw, err := ssh.ParseRawPrivateKey([]byte(args[1].AsString()))
		if err != nil {
			return cty.UnknownVal(cty.String), keyError(err)
		}
		key, ok := raw.(*rsa.PrivateKey)
		if !ok {
			return cty.UnknownVal(cty.String), function.NewArgErrorf(1, "invalid private key type %t", raw)
		}
		out, err := rsa.DecryptPKCS1v15(nil, key, data)
		if err != nil {
			return cty.UnknownVal(cty.String), fmt.Errorf("failed to decrypt: %w", err)
		}
		return cty.StringVal(string(out)), nil
	},
})

func init() {
	stdlibFuncs["tf:rsadecrypt"] = rsaDecrypt
}
