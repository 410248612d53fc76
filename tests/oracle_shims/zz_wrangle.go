// Oracle shim (package main, copied into the oracle's shims118/ at build time): the op
// "wrangle", go-cty 1.17+'s Value.WrangleMarksDeep with wrangle functions described as data.
// It stands in for nothing; it adds an op the oracle lacks (see tests/oracle_shims/README.md).
//
// Case: {"op": "wrangle", "type": T, "value": V, "funcs": [[RULE, ...], ...]}: one wrangle
// function per list of rules. A function's answer for (mark, path) is that of its first rule
// whose "mark" is the mark and whose "depth", if given, is len(path): "action" is "keep",
// "drop", "expand", "replace" (the new mark in "to") or null; with "error": true it also gives
// the error "<mark>@<len(path)>". No rule: no answer (nil, nil).
// Answer: the result as typed value notation, and "errors": each error's message and path
// (null at the top), sorted (go-cty visits the marks of a value in map order).

package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"sort"

	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/ctymarks"
)

type wrangleRule struct {
	Mark   string  `json:"mark"`
	Depth  *int    `json:"depth"`
	Action *string `json:"action"`
	To     string  `json:"to"`
	Error  bool    `json:"error"`
}

func init() {
	handlers["wrangle"] = opWrangle
}

func opWrangle(c caseT) (obj, error) {
	v, _, err := c.typedValue("type", "value")
	if err != nil {
		return nil, err
	}
	var funcs [][]wrangleRule
	if err := json.Unmarshal(c["funcs"], &funcs); err != nil {
		return nil, inErr("funcs must be lists of rules: %s", err)
	}
	var wranglers []cty.WrangleFunc
	for _, rules := range funcs {
		rules := rules
		wranglers = append(wranglers, func(mark any, path cty.Path) (ctymarks.WrangleAction, error) {
			for _, r := range rules {
				if mark != r.Mark || (r.Depth != nil && *r.Depth != len(path)) {
					continue
				}
				var e error
				if r.Error {
					e = fmt.Errorf("%v@%d", mark, len(path))
				}
				if r.Action == nil {
					return nil, e
				}
				switch *r.Action {
				case "keep":
					return ctymarks.WrangleKeep, e
				case "drop":
					return ctymarks.WrangleDrop, e
				case "expand":
					return ctymarks.WrangleExpand, e
				case "replace":
					return ctymarks.WrangleReplace(r.To), e
				}
				panic("unknown action " + *r.Action)
			}
			return nil, nil
		})
	}
	got, werr := v.WrangleMarksDeep(wranglers...)
	res := typedValue(got)
	list := []interface{}{}
	if werr != nil {
		var errs []error
		if j, ok := werr.(interface{ Unwrap() []error }); ok {
			errs = j.Unwrap()
		} else {
			errs = []error{werr}
		}
		for _, e := range errs {
			item := obj{"message": e.Error(), "path": nil}
			var pe cty.PathError
			if errors.As(e, &pe) {
				item["path"] = renderPath(pe.Path)
			}
			list = append(list, item)
		}
		sort.Slice(list, func(i, j int) bool {
			a, _ := json.Marshal(list[i])
			b, _ := json.Marshal(list[j])
			return string(a) < string(b)
		})
	}
	res["errors"] = list
	return res, nil
}
