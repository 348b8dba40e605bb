package server

import (
	"strconv"
	"strings"
)

// acceptEncoding picks the content coding to send from those offered (in the server's
// order of preference) given a request's Accept-Encoding header (RFC 9110 §12.5.3): the
// offered coding with the highest weight, the earlier one on a tie; "" for the identity
// (no header, nothing acceptable, or weights of 0). A "*" weighs every coding the header
// does not name.
func acceptEncoding(header string, offered ...string) string {
	if header == "" {
		return ""
	}
	weights := map[string]float64{}
	star := -1.0
	for part := range strings.SplitSeq(header, ",") {
		name, params, _ := strings.Cut(part, ";")
		name = strings.ToLower(strings.TrimSpace(name))
		if name == "" {
			continue
		}
		q := 1.0
		for param := range strings.SplitSeq(params, ";") {
			k, v, ok := strings.Cut(strings.TrimSpace(param), "=")
			if !ok || !strings.EqualFold(strings.TrimSpace(k), "q") {
				continue
			}
			f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
			if err != nil || f < 0 || f > 1 {
				f = 0 // a weight we cannot read is no permission
			}
			q = f
		}
		if name == "*" {
			star = q
			continue
		}
		// x-gzip is gzip (RFC 9110 §8.4.1.3).
		if name == "x-gzip" {
			name = "gzip"
		}
		if old, seen := weights[name]; !seen || q > old {
			weights[name] = q
		}
	}
	best, bestQ := "", 0.0
	for _, c := range offered {
		q, ok := weights[c]
		if !ok {
			q = max(star, 0)
		}
		if q > bestQ {
			best, bestQ = c, q
		}
	}
	return best
}
