package server

import (
	"slices"
	"testing"
)

func TestAcceptEncoding(t *testing.T) {
	cases := []struct {
		header string
		want   string
	}{
		{"", ""},
		{"gzip, deflate, br, zstd", "br"}, // Chrome: our order decides a tie
		{"gzip, deflate", "gzip"},
		{"GZIP", "gzip"},
		{"x-gzip", "gzip"},
		{"br;q=0.5, gzip", "gzip"},
		{"br;q=0, gzip;q=0", ""},
		{"identity", ""},
		{"*", "br"},
		{"*;q=0.1, br;q=0", "gzip"},
		{"gzip;q=0.8, *;q=0.9", "br"},
		{"br ; q = 0.9 , gzip ; q = 1", "gzip"},
		{"br;q=abc, gzip", "gzip"},
		{"br;q=2", ""},
		{"deflate, compress", ""},
		{" , ;;, br", "br"},
		{"gzip;q=0, gzip;q=1", "gzip"},
	}
	for _, tc := range cases {
		if got := acceptEncoding(tc.header, "br", "gzip"); got != tc.want {
			t.Errorf("acceptEncoding(%q) = %q, want %q", tc.header, got, tc.want)
		}
	}
}

// FuzzAcceptEncoding: any header gives one of the offered codings or the identity, and a
// coding it picks is one the header accepts on its own.
func FuzzAcceptEncoding(f *testing.F) {
	for _, s := range []string{"", "gzip, br", "br;q=0", "*;q=0.5", "gzip;q=1.0, identity; q=0.5, *;q=0", ";;,,q=", "x-gzip;q=0.3"} {
		f.Add(s)
	}
	offered := []string{"br", "gzip"}
	f.Fuzz(func(t *testing.T, header string) {
		got := acceptEncoding(header, offered...)
		if got != "" && !slices.Contains(offered, got) {
			t.Fatalf("acceptEncoding(%q) = %q, not offered", header, got)
		}
		if got != "" && acceptEncoding(header, got) != got {
			t.Fatalf("acceptEncoding(%q) = %q, which it refuses when offered alone", header, got)
		}
	})
}
