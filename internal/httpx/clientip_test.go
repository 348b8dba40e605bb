package httpx

import (
	"net"
	"net/http/httptest"
	"net/netip"
	"testing"
)

func TestClientIP(t *testing.T) {
	proxied := ClientIP{Trusted: []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("192.168.1.1/32")}}
	tests := []struct {
		name   string
		c      ClientIP
		remote string
		xff    []string
		want   string
	}{
		{"direct peer", ClientIP{}, "203.0.113.7:5000", nil, "203.0.113.7"},
		{"a forwarded-for header from an untrusted peer is ignored", ClientIP{}, "203.0.113.7:5000", []string{"1.2.3.4"}, "203.0.113.7"},
		{"untrusted peer with proxies configured", proxied, "203.0.113.7:5000", []string{"1.2.3.4"}, "203.0.113.7"},
		{"behind the proxy", proxied, "10.1.2.3:5000", []string{"198.51.100.9"}, "198.51.100.9"},
		{"a forged left part is skipped", proxied, "10.1.2.3:5000", []string{"6.6.6.6, 198.51.100.9"}, "198.51.100.9"},
		{"two trusted hops", proxied, "10.1.2.3:5000", []string{"198.51.100.9, 192.168.1.1"}, "198.51.100.9"},
		{"several headers", proxied, "10.1.2.3:5000", []string{"6.6.6.6", "198.51.100.9"}, "198.51.100.9"},
		{"garbage stops the walk", proxied, "10.1.2.3:5000", []string{"nonsense"}, "10.1.2.3"},
		{"no header", proxied, "10.1.2.3:5000", nil, "10.1.2.3"},
		{"IPv6 peer", ClientIP{}, "[2001:db8::1]:443", nil, "2001:db8::1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := httptest.NewRequest("POST", "/api/v1/users/login", nil)
			r.RemoteAddr = tc.remote
			for _, v := range tc.xff {
				r.Header.Add("X-Forwarded-For", v)
			}
			if got := tc.c.Of(r); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func FuzzClientIP(f *testing.F) {
	f.Add("10.1.2.3:5000", "198.51.100.9, 10.0.0.1")
	f.Add("[::1]:1", "::ffff:1.2.3.4")
	c := ClientIP{Trusted: []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("::1/128")}}
	f.Fuzz(func(t *testing.T, remote, xff string) {
		r := httptest.NewRequest("GET", "/", nil)
		r.RemoteAddr = remote
		r.Header.Set("X-Forwarded-For", xff)
		got := c.Of(r)
		// Either a real address, or the peer's host as given when it is not one (the
		// server always sets host:port; a forged header can never make up the rest).
		host, _, err := net.SplitHostPort(remote)
		if err != nil {
			host = remote
		}
		if _, err := netip.ParseAddr(got); err != nil && got != host {
			t.Fatalf("Of(%q, %q) = %q", remote, xff, got)
		}
	})
}
