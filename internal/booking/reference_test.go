package booking

import (
	"strings"
	"testing"
)

func TestNewReference(t *testing.T) {
	seen := map[string]bool{}
	counts := map[rune]int{}
	for range 20000 {
		r := NewReference()
		if len(r) != len(ReferencePrefix)+ReferenceLength || !strings.HasPrefix(r, ReferencePrefix) {
			t.Fatalf("reference %q: want TB- and 6 characters", r)
		}
		for _, c := range r[len(ReferencePrefix):] {
			if !strings.ContainsRune(ReferenceAlphabet, c) {
				t.Fatalf("reference %q holds %q", r, c)
			}
			counts[c]++
		}
		seen[r] = true
	}
	if strings.ContainsAny(ReferenceAlphabet, "0O1IL") {
		t.Fatal("the alphabet must leave out 0, O, 1, I and L")
	}
	// 20,000 draws of 887 million repeat about 0.23 times on average (n²/2N): one repeat
	// happens one run in five, six or more about once in six million runs, while a
	// generator short of randomness repeats by the hundred.
	if len(seen) < 19995 {
		t.Errorf("%d distinct references in 20,000 draws", len(seen))
	}
	// 120,000 characters over 31: about 3,870 each; a skewed draw would be far off.
	for _, c := range ReferenceAlphabet {
		if n := counts[c]; n < 3400 || n > 4350 {
			t.Errorf("%q drawn %d times of 120,000", c, n)
		}
	}
}

func TestSearchDocAndParse(t *testing.T) {
	d := NewSearchDoc("TB-7KQ4M2", "7KQ4M2XD9TWP", []string{"Zoë Martin", "", "Zoe.Martin@Example.com"}, []string{"+44 20 7946-0958"})
	want := SearchDoc{Names: "zoe martin | zoe.martin@example.com", Codes: " tb7kq4m2 7kq4m2 7kq4m2xd9twp", Phones: " 442079460958"}
	if d != want {
		t.Fatalf("doc = %+v, want %+v", d, want)
	}
	for _, c := range []struct {
		q    string
		want Search
	}{
		{"ZOE", Search{Text: "zoe"}},
		{"zoë martin", Search{Text: "zoe martin", Code: "zoemartin"}},
		{"tb-7kq4m2", Search{Text: "tb 7kq4m2", Code: "tb7kq4m2"}},
		{"7KQ4-M2XD-9TWP", Search{Text: "7kq4 m2xd 9twp", Code: "7kq4m2xd9twp", Digits: ""}},
		{"+44 20 7946 0958", Search{Text: "+44 20 7946 0958", Code: "442079460958", Digits: "442079460958"}},
		{"0958", Search{Text: "0958", Code: "0958", Digits: "0958"}},
		{"095", Search{Text: "095"}},
		{"---", Search{}},
	} {
		if got := ParseSearch(c.q); got != c.want {
			t.Errorf("ParseSearch(%q) = %+v, want %+v", c.q, got, c.want)
		}
	}
	if !ParseSearch("  - ").Empty() || ParseSearch("a").Empty() {
		t.Error("Empty: only a query with nothing to match is empty")
	}
}
