// Command go_exports lists the exported names of the Go packages under a directory, one line
// each: the package's path relative to the directory's parent, the kind of name (func, method,
// type, field, ifacemethod, const, var), and the name (Receiver.Method for methods, Type.Field
// for struct fields, Interface.Method for interface methods). Test files are left out, and so
// are methods of unexported types. The lines come out sorted.
//
//	go run tests/data/tools/go_exports.go /path/to/go-cty/cty
//
// tests/data/go_cty_exports.tsv starts from its output for go-cty 1.18.1.
package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// receiverType is the name of a method's receiver type, without pointer or type parameters.
func receiverType(expr ast.Expr) string {
	switch e := expr.(type) {
	case *ast.StarExpr:
		return receiverType(e.X)
	case *ast.Ident:
		return e.Name
	case *ast.IndexExpr:
		return receiverType(e.X)
	case *ast.IndexListExpr:
		return receiverType(e.X)
	}
	return ""
}

func members(pkg string, spec *ast.TypeSpec, add func(string, string, string)) {
	var list *ast.FieldList
	kind := "field"
	switch t := spec.Type.(type) {
	case *ast.StructType:
		list = t.Fields
	case *ast.InterfaceType:
		list, kind = t.Methods, "ifacemethod"
	default:
		return
	}
	for _, member := range list.List {
		for _, name := range member.Names {
			if name.IsExported() {
				add(pkg, kind, spec.Name.Name+"."+name.Name)
			}
		}
	}
}

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: go_exports DIR")
		os.Exit(2)
	}
	root := filepath.Clean(os.Args[1])
	seen := map[string]bool{}
	add := func(pkg, kind, name string) { seen[pkg+"\t"+kind+"\t"+name] = true }
	err := filepath.WalkDir(root, func(path string, entry fs.DirEntry, err error) error {
		if err != nil || entry.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		file, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
		if err != nil {
			return err
		}
		pkg, err := filepath.Rel(filepath.Dir(root), filepath.Dir(path))
		if err != nil {
			return err
		}
		pkg = filepath.ToSlash(pkg)
		for _, decl := range file.Decls {
			switch d := decl.(type) {
			case *ast.FuncDecl:
				if !d.Name.IsExported() {
					continue
				}
				if d.Recv == nil {
					add(pkg, "func", d.Name.Name)
				} else if recv := receiverType(d.Recv.List[0].Type); ast.IsExported(recv) {
					add(pkg, "method", recv+"."+d.Name.Name)
				}
			case *ast.GenDecl:
				for _, spec := range d.Specs {
					switch s := spec.(type) {
					case *ast.TypeSpec:
						if s.Name.IsExported() {
							add(pkg, "type", s.Name.Name)
							members(pkg, s, add)
						}
					case *ast.ValueSpec:
						kind := "var"
						if d.Tok == token.CONST {
							kind = "const"
						}
						for _, name := range s.Names {
							if name.IsExported() {
								add(pkg, kind, name.Name)
							}
						}
					}
				}
			}
		}
		return nil
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	lines := make([]string, 0, len(seen))
	for line := range seen {
		lines = append(lines, line)
	}
	sort.Strings(lines)
	for _, line := range lines {
		fmt.Println(line)
	}
}
