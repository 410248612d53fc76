// Command go_stable_sort writes tests/vectors/go_stable_sort.jsonl: Go's sort.SliceStable on
// relations that are not strict weak orders (random, or an order with noise), for
// tests/core/test_go_sort.py. Run it with the oracle's Go:
//
//	cd tests/vectors/tools/go_stable_sort && go run . > ../../go_stable_sort.jsonl
//
// Each line: n, less (n*n '0'/'1': row i, column j says less(i, j)), expect (the indexes in
// the order SliceStable leaves them).
package main

import (
	"encoding/json"
	"fmt"
	"math/rand"
	"sort"
)

type Case struct {
	N      int    `json:"n"`
	Less   string `json:"less"`
	Expect []int  `json:"expect"`
}

func main() {
	r := rand.New(rand.NewSource(47))
	sizes := []int{0, 1, 2, 3, 5, 19, 20, 21, 39, 40, 41, 60, 79, 80, 81, 100, 161}
	for rep := 0; rep < 6; rep++ {
		for _, n := range sizes {
			// a random relation: sometimes a true order with noise, sometimes arbitrary
			bits := make([]byte, n*n)
			noise := r.Intn(4)
			keys := make([]int, n)
			for i := range keys {
				keys[i] = r.Intn(n/2 + 1)
			}
			for i := 0; i < n; i++ {
				for j := 0; j < n; j++ {
					v := keys[i] < keys[j]
					if noise > 0 && r.Intn(10) < noise {
						v = r.Intn(2) == 0
					}
					if v {
						bits[i*n+j] = '1'
					} else {
						bits[i*n+j] = '0'
					}
				}
			}
			data := make([]int, n)
			for i := range data {
				data[i] = i
			}
			sort.SliceStable(data, func(i, j int) bool { return bits[data[i]*n+data[j]] == '1' })
			b, _ := json.Marshal(Case{n, string(bits), data})
			fmt.Println(string(b))
		}
	}
}
