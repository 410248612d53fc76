// go-cty oracle shim (package main): Terraform's functions from HashiCorp's go-cty-funcs and
// zclconf's go-cty-yaml, added to the table the oracle's "call" and "return_type" ops look
// names up in, under Terraform's names with the prefix "tf:" ("tf:base64encode"). See
// tests/oracle_shims/README.md; tests/oracle_shims/funcs/build.sh builds the oracle with them.
//
// The file functions read below the directory $FUNCS_ORACLE_BASE_DIR (the build's testdata
// directory when unset), as Terraform's read below a module's directory.

package main

import (
	"os"

	"github.com/hashicorp/go-cty-funcs/cidr"
	"github.com/hashicorp/go-cty-funcs/collection"
	"github.com/hashicorp/go-cty-funcs/crypto"
	"github.com/hashicorp/go-cty-funcs/encoding"
	"github.com/hashicorp/go-cty-funcs/filesystem"
	"github.com/hashicorp/go-cty-funcs/uuid"
	yaml "github.com/zclconf/go-cty-yaml"
	"github.com/zclconf/go-cty/cty/function"
)

func init() {
	base := os.Getenv("FUNCS_ORACLE_BASE_DIR")
	if base == "" {
		base = "."
	}
	for name, f := range map[string]function.Function{
		"cidrhost":     cidr.HostFunc,
		"cidrnetmask":  cidr.NetmaskFunc,
		"cidrsubnet":   cidr.SubnetFunc,
		"cidrsubnets":  cidr.SubnetsFunc,
		"coalesce":     collection.CoalesceFunc,
		"bcrypt":       crypto.BcryptFunc,
		"md5":          crypto.Md5Func,
		"sha1":         crypto.Sha1Func,
		"sha256":       crypto.Sha256Func,
		"sha512":       crypto.Sha512Func,
		"rsadecrypt":   crypto.RsaDecryptFunc,
		"base64encode": encoding.Base64EncodeFunc,
		"base64decode": encoding.Base64DecodeFunc,
		"urlencode":    encoding.URLEncodeFunc,
		"uuid":         uuid.V4Func,
		"uuidv5":       uuid.V5Func,
		"basename":     filesystem.BasenameFunc,
		"dirname":      filesystem.DirnameFunc,
		"abspath":      filesystem.AbsPathFunc,
		"pathexpand":   filesystem.PathExpandFunc,
		"file":         filesystem.MakeFileFunc(base, false),
		"filebase64":   filesystem.MakeFileFunc(base, true),
		"fileexists":   filesystem.MakeFileExistsFunc(base),
		"fileset":      filesystem.MakeFileSetFunc(base),
		"yamlencode":   yaml.YAMLEncodeFunc,
		"yamldecode":   yaml.YAMLDecodeFunc,
	} {
		stdlibFuncs["tf:"+name] = f
	}
}
