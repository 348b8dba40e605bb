package web

import (
	"net/http/httptest"
	"testing"
)

// The tour page's key in the page cache: the path, or the path and a page of reviews as
// links write it; any other query is not kept.
func TestTourKey(t *testing.T) {
	h := &Handler{}
	for _, c := range []struct {
		target, key string
		ok          bool
	}{
		{"/tour/alps", "/tour/alps", true},
		{"/tour/alps?reviews=2", "/tour/alps?reviews=2", true},
		{"/tour/alps?reviews=12", "/tour/alps?reviews=12", true},
		{"/tour/alps?reviews=1", "", false},
		{"/tour/alps?reviews=02", "", false},
		{"/tour/alps?reviews=-2", "", false},
		{"/tour/alps?reviews=two", "", false},
		{"/tour/alps?reviews=", "", false},
		{"/tour/alps?reviews=2&reviews=2", "", false},
		{"/tour/alps?reviews=2&utm_source=mail", "", false},
		{"/tour/alps?utm_source=mail", "", false},
		{"/tour/alps?checkout=cancelled&booking=b1", "", false},
	} {
		key, ok := h.TourKey(httptest.NewRequest("GET", c.target, nil))
		if key != c.key || ok != c.ok {
			t.Errorf("%s: %q, %v; want %q, %v", c.target, key, ok, c.key, c.ok)
		}
	}
}
