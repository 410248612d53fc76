// go_float_range: Go's math/big answers at the edges of big.Float's exponent range, for
// tests/core/test_number_range.py. Each line: an operation, its decimal operands (parsed as
// go-cty parses numbers: 512 bits, nearest even) and the result in Text('p', 0) form.
// Regenerate: go run go_float_range.go > go_float_range.txt
package main

import (
	"fmt"
	"math/big"
)

func parse(s string) *big.Float {
	f, _, err := big.ParseFloat(s, 10, 512, big.ToNearestEven)
	if err != nil {
		panic(err)
	}
	return f
}

func main() {
	for _, s := range []string{
		"1e400000000", "-1e400000000", "1e646456992", "1e646456993", "1e999999999",
		"1e-400000000", "1e-646456992", "5e-646456993", "4e-646456993", "1e-646456994",
		"1p2147483646", "1p2147483647", "1p-2147483649", "1p-2147483650", "1p-2147483648",
	} {
		f, _, err := big.ParseFloat(s, 10, 512, big.ToNearestEven)
		if err != nil {
			fmt.Printf("parse %s error:%s\n", s, err)
			continue
		}
		fmt.Printf("parse %s %s\n", s, f.Text('p', 0))
	}
	pairs := [][3]string{
		{"mul", "1e300000000", "1e300000000"},
		{"mul", "1e600000000", "1e100000000"},
		{"mul", "1e-300000000", "1e-300000000"},
		{"mul", "1e-600000000", "1e-100000000"},
		{"quo", "1e300000000", "1e-300000000"},
		{"quo", "1e-300000000", "1e300000000"},
		{"quo", "1", "1e400000000"},
		{"quo", "1e600000000", "1e-100000000"},
		{"add", "1e646456992", "1e646456992"},
		{"add", "1e400000000", "1"},
		{"sub", "1e400000000", "1e400000000"},
	}
	for _, p := range pairs {
		a, b := parse(p[1]), parse(p[2])
		z := new(big.Float).SetPrec(512)
		switch p[0] {
		case "mul":
			z.Mul(a, b)
		case "quo":
			z.Quo(a, b)
		case "add":
			z.Add(a, b)
		case "sub":
			z.Sub(a, b)
		}
		fmt.Printf("%s %s %s %s\n", p[0], p[1], p[2], z.Text('p', 0))
	}
}
