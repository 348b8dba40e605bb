package httpx

import (
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// ClientIP finds the address a request comes from, for counting failed logins. Without
// trusted proxies it is the direct peer: a forwarded-for header is only as true as the
// proxy that sets it, and anyone can send one. Behind a reverse proxy (nginx, a load
// balancer) every request's peer is the proxy, so the operator names it, and the address
// is read from X-Forwarded-For, right to left, skipping the trusted hops.
type ClientIP struct {
	Trusted []netip.Prefix
}

func (c ClientIP) trusted(a netip.Addr) bool {
	a = a.Unmap()
	for _, p := range c.Trusted {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// Of is the client address of r.
func (c ClientIP) Of(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	peer, err := netip.ParseAddr(host)
	if err != nil || !c.trusted(peer) {
		return host
	}
	// The last hop that is not ours is the client; everything left of it may be forged.
	hops := strings.Split(strings.Join(r.Header.Values("X-Forwarded-For"), ","), ",")
	for i := len(hops) - 1; i >= 0; i-- {
		a, err := netip.ParseAddr(strings.TrimSpace(hops[i]))
		if err != nil {
			break
		}
		if !c.trusted(a) {
			return a.Unmap().String()
		}
	}
	return peer.Unmap().String()
}
