package account

import (
	"context"
	"regexp"
	"strings"
	"testing"
	"time"
)

var phc = regexp.MustCompile(`^\$argon2id\$v=19\$m=65536,t=1,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$`)

func TestHashPasswordDefault(t *testing.T) {
	h1, err := HashPassword("correct horse")
	if err != nil {
		t.Fatal(err)
	}
	h2, _ := HashPassword("correct horse")
	if !phc.MatchString(h1) {
		t.Fatalf("hash %q is not argon2id PHC with the default parameters", h1)
	}
	if h1 == h2 {
		t.Fatal("two hashes of one password are equal: the salt is not random")
	}
	for _, tt := range []struct {
		pw         string
		ok, rehash bool
	}{{"correct horse", true, false}, {"correct horse ", false, false}, {"", false, false}} {
		ok, rehash, err := verifyPassword(h1, tt.pw, DefaultArgon2)
		if err != nil || ok != tt.ok || rehash != tt.rehash {
			t.Errorf("verify(%q) = %v, %v, %v; want %v, %v", tt.pw, ok, rehash, err, tt.ok, tt.rehash)
		}
	}
}

func TestVerifyRefusesMalformedHashes(t *testing.T) {
	salt, key := "c2FsdHNhbHRzYWx0c2FsdA", "a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2U"
	for _, h := range []string{
		"",
		"plaintext",
		"$argon2i$v=19$m=64,t=1,p=1$" + salt + "$" + key,
		"$argon2id$v=16$m=64,t=1,p=1$" + salt + "$" + key,
		"$argon2id$v=19$m=64,t=1$" + salt + "$" + key,
		"$argon2id$v=19$m=4194304,t=1,p=1$" + salt + "$" + key, // 4 GiB: refused, not run
		"$argon2id$v=19$m=64,t=1000,p=1$" + salt + "$" + key,
		"$argon2id$v=19$m=64,t=1,p=0$" + salt + "$" + key,
		"$argon2id$v=19$m=64,t=1,p=1$!!!$" + key,
		"$argon2id$v=19$m=64,t=1,p=1$" + salt + "$c2hvcnQ",
		"$argon2id$v=19$m=64,t=1,p=1$" + salt + "$" + key + "$extra",
		"$2a$04$tooshort",
	} {
		start := time.Now()
		ok, _, err := verifyPassword(h, "pw", DefaultArgon2)
		if ok || err == nil {
			t.Errorf("verify(%q) = %v, %v; want an error", h, ok, err)
		}
		if time.Since(start) > time.Second {
			t.Errorf("verify(%q) ran the hash instead of refusing it", h)
		}
	}
}

// An unknown email is checked against a dummy hash of the service's own cost, so it
// takes as long as a wrong password.
func TestDummyHashHasServiceCost(t *testing.T) {
	p := Argon2Params{Memory: 128, Time: 2, Threads: 1, SaltLen: 16, KeyLen: 32}
	s, err := NewService(nil, Options{Argon2: p})
	if err != nil {
		t.Fatal(err)
	}
	got, _, _, err := parseArgon2(s.dummyHash)
	if err != nil || got != p {
		t.Fatalf("dummy hash parameters = %+v, %v; want %+v", got, err, p)
	}
	// It is verified as any hash is (so it costs as much), and matches nothing.
	for _, pw := range []string{"", "test1234", s.dummyHash} {
		if ok, _, err := verifyPassword(s.dummyHash, pw, p); ok || err != nil {
			t.Errorf("verify(dummy, %q) = %v, %v; want a mismatch", pw, ok, err)
		}
	}
	other, err := NewService(nil, Options{Argon2: p})
	if err != nil {
		t.Fatal(err)
	}
	if other.dummyHash == s.dummyHash {
		t.Error("two services got the same dummy hash; want random salt and key")
	}
}

func TestHashSlotsHonourContext(t *testing.T) {
	s, err := NewService(nil, Options{Argon2: Argon2Params{Memory: 64, Time: 1, Threads: 1, SaltLen: 16, KeyLen: 32}, MaxConcurrentHashes: 1})
	if err != nil {
		t.Fatal(err)
	}
	release, err := s.acquireHash(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer release()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := s.hash(ctx, "pw"); err == nil || !strings.Contains(err.Error(), "canceled") {
		t.Fatalf("hash with all slots taken and a cancelled context = %v", err)
	}
}

// BenchmarkHashPassword measures the production cost; aim for 30–50 ms on the server.
func BenchmarkHashPassword(b *testing.B) {
	for b.Loop() {
		if _, err := HashPassword("correct horse battery staple"); err != nil {
			b.Fatal(err)
		}
	}
}
