// Package faultproxy is a loopback TCP proxy that tests cut, to see what the site does
// when something it depends on (the database, the payment provider) stops answering.
// It is for tests only.
package faultproxy

import (
	"io"
	"net"
	"sync"
	"testing"
)

// Mode is how the proxy treats connections.
type Mode int

const (
	// Up forwards every connection to the target.
	Up Mode = iota
	// Down closes open connections and every new one at once: the target is gone
	// (connections refused or reset).
	Down
	// Silent closes open connections and accepts new ones but never answers: a network
	// that drops packets, where only a time limit ends the wait.
	Silent
)

// Proxy forwards TCP from its loopback address to a target.
type Proxy struct {
	ln     net.Listener
	target string

	mu   sync.Mutex
	mode Mode
	open map[net.Conn]bool // client sides, forwarded or held silent
}

// New starts a proxy to target (host:port), closed when the test ends.
func New(t testing.TB, target string) *Proxy {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &Proxy{ln: ln, target: target, open: map[net.Conn]bool{}}
	t.Cleanup(func() {
		ln.Close()
		p.Set(Down)
	})
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go p.serve(c)
		}
	}()
	return p
}

// Addr is the proxy's host:port.
func (p *Proxy) Addr() string { return p.ln.Addr().String() }

// Set switches the mode; leaving Up drops every open connection.
func (p *Proxy) Set(m Mode) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.mode = m
	if m != Up {
		for c := range p.open {
			c.Close()
			delete(p.open, c)
		}
	}
}

func (p *Proxy) serve(c net.Conn) {
	defer c.Close()
	p.mu.Lock()
	mode := p.mode
	if mode != Down {
		p.open[c] = true
	}
	p.mu.Unlock()
	defer func() {
		p.mu.Lock()
		delete(p.open, c)
		p.mu.Unlock()
	}()
	switch mode {
	case Down:
		return
	case Silent:
		// Read and drop until Set or the client closes the connection.
		_, _ = io.Copy(io.Discard, c)
		return
	}
	up, err := net.Dial("tcp", p.target)
	if err != nil {
		return
	}
	defer up.Close()
	done := make(chan struct{}, 2)
	go func() { _, _ = io.Copy(up, c); done <- struct{}{} }()
	go func() { _, _ = io.Copy(c, up); done <- struct{}{} }()
	<-done
}
